import { clinicalResourcesOf, type ClinicalResource } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from './access.ts';
import type { RouteAudit } from './audit.ts';

/**
 * The clinical-reads policy, enforced on the route declarations (docs/architecture.md,
 * "Clinical reads"): a route whose answer holds clinical records (`clinicalRecords` in the
 * domain) must require that resource's permission (`diagnoses:read` for a read) and declare
 * the audit row it writes. Registering one that does not throws; a sweep over the route
 * table checks the same (`test/clinical-policy.int.test.ts`).
 */
export function clinicalPolicyProblem(route: {
  method: string;
  access: RouteAccess | undefined;
  audit: RouteAudit | undefined;
  response: unknown;
}): string | undefined {
  const resources = answeredClinicalResources(route.response);
  if (resources.size === 0) return undefined;
  const names = [...resources].join(', ');
  if (resources.size > 1) return `answers clinical records of ${names}: one resource per route`;
  const [resource] = resources;
  const access = route.access;
  if (!access || access === 'public' || access.display) {
    return `answers ${names} to callers without the ${resource}:read permission`;
  }
  // A read needs the read permission; a change answering what it wrote, that resource's.
  const allowed =
    route.method === 'GET'
      ? access.permission === `${resource}:read`
      : access.permission.startsWith(`${resource}:`);
  if (!allowed) return `answers ${names} but requires ${access.permission}`;
  if (!route.audit || 'none' in route.audit) return `answers ${names} and declares no audit row`;
  if (route.method === 'GET' && route.audit.action !== 'read') {
    return `reads ${names} but audits it as ${route.audit.action}`;
  }
  return undefined;
}

/** The clinical resources of every answer (status) a route's response schema names. */
export function answeredClinicalResources(response: unknown): Set<ClinicalResource> {
  const found = new Set<ClinicalResource>();
  if (!response || typeof response !== 'object') return found;
  for (const schema of Object.values(response)) {
    for (const resource of clinicalResourcesOf(schema)) found.add(resource);
  }
  return found;
}

/** Registering a route that answers clinical records against the policy throws. */
export function requireClinicalPolicy(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const problem = clinicalPolicyProblem({
        method,
        access: route.config?.access,
        audit: route.config?.audit,
        response: route.schema?.response,
      });
      if (problem) throw new Error(`Route ${method} ${route.url} ${problem}`);
    }
  });
}
