import { mergeConfig } from 'vitest/config';
import base from './vitest.config.js';
export default mergeConfig(base, { test: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/i29s/vprof', '--cpu-prof-interval=500'] } });
