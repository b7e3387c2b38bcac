export { loadConfig, type ServerConfig } from './app/config';
export { startServer, type RunningServer } from './app/server';
export { openStorage, type Storage } from './storage';
