export * from './copyOrNone.js';
export * from './ReaderView.js';
