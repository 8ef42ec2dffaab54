import { scanSecurityTool } from '../tools/scan-security.js';
import { type AnyTool, ToolError } from '../../../kit/tool/tool.js';
import { specInsideProject } from '../../../kit/tool-support/spec-inside-project.js';

type ScanArgs = { allow_destructive?: boolean; spec?: string; graphql_schema?: string };

/**
 * scan_security as served: a spec or GraphQL schema file only inside the project, and a destructive scan (DELETE,
 * other users' data changed) refused before anything is asked or sent, unless the server was
 * started with `--allow-destructive`.
 */
export function servedScanSecurity(allowDestructive: boolean): AnyTool {
  const refuseDestructive = (args: ScanArgs) => {
    if (args.allow_destructive && !allowDestructive) {
      throw new ToolError('allow_destructive is refused: this Falcon MCP server was started without --allow-destructive. Nothing was sent.');
    }
  };
  return {
    ...scanSecurityTool,
    async preview(args: ScanArgs, ctx) {
      refuseDestructive(args);
      return scanSecurityTool.preview?.(args, ctx);
    },
    async run(args: ScanArgs, ctx) {
      refuseDestructive(args);
      const [spec, schema] = await Promise.all([specInsideProject(args.spec, ctx.projectRoot), specInsideProject(args.graphql_schema, ctx.projectRoot)]);
      return scanSecurityTool.run({ ...args, spec, graphql_schema: schema }, ctx);
    },
  };
}
