/** The API's version in the OpenAPI document: raised when an endpoint changes in a way old clients notice. */
export const apiVersion = '1.0.0';

import { endpoint } from './endpoint.js';

export const docsContract = {
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: the OpenAPI 3.1 description of every /api path, generated from the contract',
    tag: 'contract',
    access: 'public',
    answers: { 200: { mediaType: 'application/json' } },
  }),
  docs: endpoint({
    method: 'GET',
    path: '/api/docs',
    summary: 'A page that renders this document',
    tag: 'contract',
    access: 'public',
    answers: { 200: { mediaType: 'text/html' } },
  }),
};
