import type { DataElementModule } from '../core/types';

const constant: DataElementModule = (settings) => settings.value;
export default constant;
