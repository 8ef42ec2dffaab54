import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { pathId, validBody } from './input.js';

interface Project {
  id: number;
  name: string;
  budget?: number;
  deleted?: true;
}

export interface ProjectValidators {
  newProject(value: unknown): boolean;
  projectChanges(value: unknown): boolean;
}

/**
 * Projects: created, read, updated and deleted. A deleted project is marked so and kept (a soft
 * delete): no read finds it, and with `updatesDeleted` (use_after_free) an update still does.
 */
export function projectRoutes(validators: ProjectValidators, defects: { updatesDeleted: boolean }): Route[] {
  const projects = new Map<number, Project>([[1, { id: 1, name: 'Analytical Engine', budget: 5000 }]]);
  let nextId = 2;
  const found = (res: Parameters<Route['handle']>[1], raw: string | undefined, evenDeleted = false): Project | undefined => {
    const id = pathId(res, raw, 'projectId');
    if (id === undefined) return undefined;
    const project = projects.get(id);
    if (project && (!project.deleted || evenDeleted)) return project;
    sendError(res, 404, `no project ${id}`);
    return undefined;
  };
  const shown = ({ deleted: _deleted, ...project }: Project) => project;
  return [
    {
      method: 'POST',
      path: '/projects',
      async handle(req, res) {
        const input = await validBody<Omit<Project, 'id'>>(req, res, validators.newProject, 'NewProject');
        if (!input) return;
        const project = { ...input, id: nextId++ };
        projects.set(project.id, project);
        sendJson(res, 201, project);
      },
    },
    {
      method: 'GET',
      path: '/projects/{projectId}',
      handle(req, res, params) {
        req.resume();
        const project = found(res, params.projectId);
        if (project) sendJson(res, 200, shown(project));
      },
    },
    {
      method: 'PATCH',
      path: '/projects/{projectId}',
      async handle(req, res, params) {
        const changes = await validBody<Partial<Project>>(req, res, validators.projectChanges, 'ProjectChanges');
        const project = changes && found(res, params.projectId, defects.updatesDeleted);
        if (!changes || !project) return;
        Object.assign(project, changes);
        sendJson(res, 200, shown(project));
      },
    },
    {
      method: 'DELETE',
      path: '/projects/{projectId}',
      handle(req, res, params) {
        req.resume();
        const project = found(res, params.projectId);
        if (!project) return;
        project.deleted = true;
        res.writeHead(204).end();
      },
    },
  ];
}
