// Prints the Node.js version and exits 1 when it is older than 绘境 supports (.ci/run calls it).
import { checkNode } from './lib/node-version.mjs';

checkNode();
