import { Box, Text } from 'ink';
import { lineTone } from '../../engines/checkpoints/describe-changes.js';

/** File diffs as `diffsAsLines` writes them: headings bold, hunks cyan, added lines green, removed red. */
export function DiffBody({ text }: { text: string }) {
  return (
    <Box flexDirection="column">
      {text.split('\n').map((line, index) => {
        const tone = lineTone(line);
        return (
          <Text
            key={index}
            bold={tone === 'file'}
            color={tone === 'added' ? 'green' : tone === 'removed' ? 'red' : tone === 'hunk' ? 'cyan' : undefined}
            dimColor={tone === 'muted'}
          >
            {line || ' '}
          </Text>
        );
      })}
    </Box>
  );
}
