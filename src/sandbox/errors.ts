/** An API failure: answered with its status and the reference's error envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** 400 invalid_parameter; the message names the parameter first, as the reference asks. */
export function invalidParameter(name: string, problem: string): ApiError {
  return new ApiError(400, 'invalid_parameter', `${name}: ${problem}`);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, 'not_found', message);
}
