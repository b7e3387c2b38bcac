import { runCode } from '../core/custom-code';
import type { DataElementModule } from '../core/types';

const customCode: DataElementModule = (settings, _ctx, event) => runCode(settings, event);
export default customCode;
