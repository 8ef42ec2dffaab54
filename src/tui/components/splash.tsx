import { homedir } from 'node:os';
import { Box, Text } from 'ink';
import { palette } from '../theme.js';

export interface SplashProps {
  version: string;
  folder: string;
  provider: string;
  model: string;
  hint?: string;
}

const WORDMARK = ['█▀▀ ▄▀▄ █   ▄▀▀ ▄▀▄ █▄ █', '█▀  █▀█ █▄▄ ▀▄▄ ▀▄▀ █ ▀█'];
const DEFAULT_HINT = 'Ask anything about your API, / for commands, @ to attach a file';

/** The greeting at the top of a session: wordmark, version, folder, model, and how to start. */
export function Splash({ version, folder, provider, model, hint = DEFAULT_HINT }: SplashProps) {
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Box>
        <Box flexDirection="column" marginRight={3} flexShrink={0}>
          {WORDMARK.map((line) => (
            <Text key={line} color={palette.accent} bold>
              {line}
            </Text>
          ))}
        </Box>
        <Box flexDirection="column">
          <Text>
            <Text bold>Falcon</Text> <Text dimColor>v{version}</Text>
          </Text>
          <Text dimColor>{shortenHome(folder)}</Text>
        </Box>
      </Box>
      <Text>
        <Text dimColor>model </Text>
        {provider}/{model}
      </Text>
      <Text dimColor>{hint}</Text>
    </Box>
  );
}

function shortenHome(folder: string): string {
  const home = homedir();
  return folder === home || folder.startsWith(`${home}/`) ? `~${folder.slice(home.length)}` : folder;
}
