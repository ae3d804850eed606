import { startShell } from './electron/shell';

startShell(__dirname);
