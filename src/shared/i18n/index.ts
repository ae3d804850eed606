// The interface's words: `m.key(inputs)` gives a message in the current locale (messages
// live in src/shared/i18n/messages/<locale>.json, compiled by scripts/i18n.mjs).
// The namespace straight from the message modules: bundlers then keep only the messages used.
export * as m from './paraglide/messages/_index.js';
export * from './locale';
export * from './format';
