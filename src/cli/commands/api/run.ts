/** `vis api <path>`: a raw GET of any path, for what the table does not cover yet. */
import { resolveBrand } from '../../../services/brands.js';
import type { Context } from '../../../services/context.js';
import { sendWithHints } from '../../../services/hints.js';
import { renderResponse } from '../../../terminal/render.js';
import { openSession } from '../../../services/session.js';
import { recordedEndpointOf } from '../../../history/recorder.js';
import type { ApiOptions } from './parse.js';

export async function runApi(options: ApiOptions, ctx: Context): Promise<void> {
  const { path, flags } = options;
  const session = await openSession(ctx, options.session);
  try {
    const brand: Array<[string, string]> = flags.brand !== undefined ? [['brand_id', await resolveBrand(session, flags.brand, '--brand')]] : [];
    const query = [...options.pathQuery, ...brand, ...options.query];
    session.progress.start(`GET ${path}…`);
    const req = { method: 'GET' as const, path, query };
    const res = await sendWithHints(session, req);
    session.progress.stop();
    // A raw read of an endpoint of the table is recorded as its command's would be.
    const recorded = recordedEndpointOf(path);
    if (recorded) session.history?.note(recorded, { ...req, ...res });
    await renderResponse(ctx, { format: options.format, flags, raw: res.raw, envelope: res.envelope });
  } finally {
    await session.close();
  }
}
