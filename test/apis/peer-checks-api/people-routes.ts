import { readJsonBody, sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import type { PeerValidators } from './validators.js';

interface NewPerson {
  email: string;
  nickname?: string;
}

/** createRegistration takes every valid NewPerson; createSignup, the planted defect, also wants the nickname the spec makes optional. */
export function peopleRoutes(validators: PeerValidators): Route[] {
  let nextId = 1;
  const register = (path: string, needsNickname: boolean): Route => ({
    method: 'POST',
    path,
    async handle(req, res) {
      const body = await readJsonBody(req);
      if (!body.ok || !validators.newPerson(body.value)) return sendError(res, 400, 'the body does not follow NewPerson');
      const person = body.value as NewPerson;
      if (needsNickname && person.nickname === undefined) return sendError(res, 400, 'nickname is required');
      sendJson(res, 201, { id: nextId++, ...person });
    },
  });
  return [register('/registrations', false), register('/signups', true)];
}
