/**
 * An OpenAPI operation id from a verb and the resource's name: operationId('list', 'verticals') →
 * 'listVerticals'. For routes registered once per resource, so each id names its own.
 */
export const operationId = (verb: string, resource: string): string =>
  `${verb}${resource.charAt(0).toUpperCase()}${resource.slice(1)}`;
