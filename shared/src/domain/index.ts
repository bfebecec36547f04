export * from './auth.js';
export * from './bookmarks.js';
export * from './profile.js';
export * from './constants.js';
export * from './messages.js';
export * from './paths.js';
export * from './plans.js';
export * from './user.js';
