export * from './client.js';
export * from './follow-import.js';
