// Writes docs/openapi.json from the contract (`npm run openapi`): the committed copy that a test
// compares with what the server serves, so that a change to an endpoint shows in review.
import fs from 'node:fs';
import path from 'node:path';
import { openApiJson } from '../server/src/features/docs/routes.js';

const file = path.resolve(import.meta.dirname, '../docs/openapi.json');
fs.writeFileSync(file, openApiJson());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
