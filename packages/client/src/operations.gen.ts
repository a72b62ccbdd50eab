// Generated from packages/contract by `npm run generate:client`. Do not edit; a test checks it is current.
import type { OperationMeta } from './meta.js';

export const operationMeta: Readonly<Record<string, OperationMeta>> = {
  "healthz": {
    "operationId": "healthz",
    "method": "GET",
    "path": "/healthz",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "authHealthz": {
    "operationId": "authHealthz",
    "method": "GET",
    "path": "/v1/auth/healthz",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "driveHealthz": {
    "operationId": "driveHealthz",
    "method": "GET",
    "path": "/v1/drive/healthz",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "enforcerHealthz": {
    "operationId": "enforcerHealthz",
    "method": "GET",
    "path": "/v1/enforcer/healthz",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getPlatform": {
    "operationId": "getPlatform",
    "method": "GET",
    "path": "/omnis/v3/platform",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  }
};
