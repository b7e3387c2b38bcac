import { toText } from '../core/read-path';
import type { ActionModule } from '../core/types';

const setCookie: ActionModule = (settings, event, ctx) =>
  ctx.cookie.set(settings.name as string, toText(ctx.resolve(settings.value, event)), {
    expires: settings.days as number | undefined,
    path: (settings.path as string) || '/',
    domain: settings.domain as string | undefined,
  });
export default setCookie;
