import type { ToolContext } from '../../../kit/tool/tool.js';

/** Tells which files a tool leaves out because a deny rule keeps them from being read, and says so once. */
export class ReadDeniedFiles {
  private readonly rules = new Set<string>();
  private readonly asked = new Map<string, boolean>();
  private count = 0;

  constructor(private readonly ctx: Pick<ToolContext, 'readDenied'>) {}

  /** Whether to leave this project file out; each file left out is counted once. */
  excludes(file: string): boolean {
    const known = this.asked.get(file);
    if (known !== undefined) return known;
    const rule = this.ctx.readDenied?.(file);
    this.asked.set(file, rule !== undefined);
    if (rule === undefined) return false;
    this.rules.add(rule);
    this.count++;
    return true;
  }

  /** ` (left out 2 files the deny rule read_file(.env*) keeps from being read)`; '' when none was. */
  note(): string {
    if (this.count === 0) return '';
    const rules = [...this.rules];
    const files = this.count === 1 ? '1 file' : `${this.count} files`;
    return ` (left out ${files} the deny rule${rules.length === 1 ? '' : 's'} ${rules.join(', ')} keep${rules.length === 1 ? 's' : ''} from being read)`;
  }
}
