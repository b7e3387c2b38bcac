export * from './property';
export * from './components';
export * from './variables';
export * from './validate';
export * from './sdr';
export * from './roles';
export * from './identity';
