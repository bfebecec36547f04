export * from './RecommendationItems.js';
export * from './RecommendationsButton.js';
export * from './RecommendationsDrawer.js';
export { RecommendIcon } from './icons.js';
