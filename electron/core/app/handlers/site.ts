/** The site's settings: staff idle time, host names, hub mode, the site key (usecases/site.ts). */
import type { siteOperations } from '../../../../shared/contract/site.ts';
import { setAccess, setHub, setSiteKey, siteView } from '../../usecases/site.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

const view = ({ runtime, hub }: HandlerContext) => siteView(runtime, Boolean(hub));

export const siteHandlers: Handlers<keyof typeof siteOperations> = {
  'site.get': (_, ctx) => view(ctx),
  'site.setAccess': (patch, ctx) => {
    setAccess(ctx.runtime, patch);
    return view(ctx);
  },
  'site.setHub': (hub, ctx) => {
    setHub(ctx.runtime, hub);
    return view(ctx);
  },
  'site.setSiteKey': ({ key }, ctx) => {
    setSiteKey(ctx.runtime, key);
    return view(ctx);
  },
};
