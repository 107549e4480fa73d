/** `vis openapi`: prints {base_url}/openapi.json as received. */
import type { Context } from '../../../services/context.js';
import { emit } from '../../../terminal/render.js';
import { openSession } from '../../../services/session.js';
import type { OpenapiOptions } from './parse.js';

export async function runOpenapi(options: OpenapiOptions, ctx: Context): Promise<void> {
  const session = await openSession(ctx, options.session);
  try {
    session.progress.start('GET /openapi.json…');
    const doc = await session.client.fetchDocument('/openapi.json');
    session.progress.stop();
    const { renderJson } = await import('../../../output/json.js');
    await emit(ctx, options.output, renderJson(doc), { pager: options.pager });
  } finally {
    await session.close();
  }
}
