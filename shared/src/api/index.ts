export * from './client.js';
export * from './followImport.js';
