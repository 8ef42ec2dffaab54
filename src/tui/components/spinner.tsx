import { Text } from 'ink';
import { palette } from '../theme.js';
import { useTicker } from './use-ticker.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
export const SPINNER_STEP_MS = 80;

/** A busy indicator; mount it only while busy. `animate={false}` holds one frame (no timer). */
export function Spinner({ animate = true }: { animate?: boolean }) {
  const tick = useTicker(SPINNER_STEP_MS, animate);
  return <Text color={palette.accent}>{FRAMES[tick % FRAMES.length]}</Text>;
}
