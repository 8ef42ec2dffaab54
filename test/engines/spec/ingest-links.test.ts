import { afterEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import type { TempProject } from '../../tools/temp-project.js';
import { projectWithSpecs } from './spec-project.js';

let project: TempProject | undefined;
afterEach(() => project?.remove());

describe('ingestSpec on OpenAPI links', () => {
  it('keeps response links, resolving operationRef to the operation id and leaving out links it cannot follow', async () => {
    project = await projectWithSpecs('generate-links-3.0.yaml');
    const { spec } = await ingestSpec('specs/generate-links-3.0.yaml', { projectRoot: project.root, signal: new AbortController().signal });
    const created = spec.operations.find((operation) => operation.id === 'createUser')?.responses['201'];
    expect(created?.links).toEqual({
      GetUser: { operationId: 'getUser', parameters: { userId: '$response.body#/id' } },
      DeleteUser: { operationId: 'deleteUser', parameters: { 'path.userId': '$response.body#/id' } },
      ListPublishedPosts: {
        operationId: 'listPosts',
        parameters: { userId: '$response.body#/id', status: 'published' },
        description: "The user's published posts",
      },
      RenameUser: { operationId: 'renameUser', parameters: { userId: '$response.body#/id' }, requestBody: { name: 'Renamed' } },
      UserAvatar: { operationId: 'getAvatar', parameters: { userId: '$response.body#/name', size: '$response.header.X-Avatar-Size' } },
    });
    expect(spec.operations.find((operation) => operation.id === 'getUser')?.responses['200']?.links).toEqual({
      Posts: { operationId: 'listPosts', parameters: { userId: '$request.path.userId' } },
    });
    expect(spec.operations.find((operation) => operation.id === 'getUser')?.responses['404']).toEqual({ description: 'No such user' });
  });
});
