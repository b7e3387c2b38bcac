import type { DataElementModule } from '../core/types';

const cookie: DataElementModule = (settings, ctx) => ctx.cookie.get(settings.name as string);
export default cookie;
