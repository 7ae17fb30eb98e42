// The integration tests and the scripts follow web/'s rules for Node code (make lint).
export { nodeOutsideWeb as default } from './web/eslint.config.js';
