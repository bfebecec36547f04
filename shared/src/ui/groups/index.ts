export * from './GroupLinkItems.js';
export * from './GroupPicker.js';
export * from './SaveTargetSelect.js';
