export * from './FeedDialog.js';
export * from './FeedImage.js';
export * from './FeedItemList.js';
export * from './icons.js';
export * from './SeeFeedButton.js';
