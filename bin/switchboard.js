#!/usr/bin/env node
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('Switchboard is not built yet. Run `npm run build` in the project folder first.\n');
  process.exit(2);
}
require(cli);
