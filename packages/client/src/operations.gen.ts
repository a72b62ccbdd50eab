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
  },
  "getUser": {
    "operationId": "getUser",
    "method": "GET",
    "path": "/omnis/v3/dashboard/user",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createUser": {
    "operationId": "createUser",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/create",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createUserRequest",
    "bodyRequired": true
  },
  "updateUser": {
    "operationId": "updateUser",
    "method": "PATCH",
    "path": "/omnis/v3/dashboard/user/update",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateUserRequest",
    "bodyRequired": true
  },
  "login": {
    "operationId": "login",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/login",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "loginRequest",
    "bodyRequired": true
  },
  "logout": {
    "operationId": "logout",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/logout",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getToken": {
    "operationId": "getToken",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/token",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "sendVerificationEmail": {
    "operationId": "sendVerificationEmail",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/send-verification-email",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "verifyEmail": {
    "operationId": "verifyEmail",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/verify-email/{token}",
    "pathParams": [
      "token"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "forgotPassword": {
    "operationId": "forgotPassword",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/forgot-password",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "forgotPasswordRequest",
    "bodyRequired": true
  },
  "getResetPassword": {
    "operationId": "getResetPassword",
    "method": "GET",
    "path": "/omnis/v3/dashboard/user/reset-password/{resetPasswordToken}",
    "pathParams": [
      "resetPasswordToken"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "resetPassword": {
    "operationId": "resetPassword",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/reset-password",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "resetPasswordRequest",
    "bodyRequired": true
  },
  "setPasswordToken": {
    "operationId": "setPasswordToken",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/set-password-token",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "setPasswordTokenRequest",
    "bodyRequired": true
  },
  "setPassword": {
    "operationId": "setPassword",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/set-password",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "setPasswordRequest",
    "bodyRequired": true
  },
  "changePassword": {
    "operationId": "changePassword",
    "method": "PATCH",
    "path": "/omnis/v3/dashboard/user/change-password",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "changePasswordRequest",
    "bodyRequired": true
  },
  "confirmPassword": {
    "operationId": "confirmPassword",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/confirm-password",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "confirmPasswordRequest",
    "bodyRequired": true
  },
  "getTwoFactorSecret": {
    "operationId": "getTwoFactorSecret",
    "method": "GET",
    "path": "/omnis/v3/dashboard/user/2fa/secret",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "setupTwoFactor": {
    "operationId": "setupTwoFactor",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/2fa/setup",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "twoFactorSetupRequest",
    "bodyRequired": true
  },
  "acceptInvite": {
    "operationId": "acceptInvite",
    "method": "GET",
    "path": "/omnis/v3/dashboard/user/accept-invite/{token}",
    "pathParams": [
      "token"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getCaptchaChallenge": {
    "operationId": "getCaptchaChallenge",
    "method": "GET",
    "path": "/omnis/v3/captcha",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "exchangeToken": {
    "operationId": "exchangeToken",
    "method": "POST",
    "path": "/v1/auth/token",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "tokenRequest",
    "bodyRequired": true
  },
  "createAuthorizationCode": {
    "operationId": "createAuthorizationCode",
    "method": "POST",
    "path": "/v1/auth/code",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "verifyToken": {
    "operationId": "verifyToken",
    "method": "POST",
    "path": "/v1/auth/token/verify",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createDeviceCode": {
    "operationId": "createDeviceCode",
    "method": "POST",
    "path": "/v1/auth/device/code",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "deviceCodeRequest",
    "bodyRequired": false
  },
  "authorizeDevice": {
    "operationId": "authorizeDevice",
    "method": "POST",
    "path": "/v1/auth/device/authorize",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "deviceAuthorizeRequest",
    "bodyRequired": true
  },
  "listOutbox": {
    "operationId": "listOutbox",
    "method": "GET",
    "path": "/v1/admin/mail/outbox",
    "pathParams": [],
    "query": [
      "pageToken",
      "pageSize",
      "to"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateUserFeatures": {
    "operationId": "updateUserFeatures",
    "method": "PUT",
    "path": "/v1/admin/users/{userId}/features",
    "pathParams": [
      "userId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateUserFeaturesRequest",
    "bodyRequired": true
  },
  "enforce": {
    "operationId": "enforce",
    "method": "POST",
    "path": "/v1/enforcer/enforce",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "enforceRequest",
    "bodyRequired": true
  },
  "listPermissions": {
    "operationId": "listPermissions",
    "method": "GET",
    "path": "/v1/enforcer/permissions",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getPermission": {
    "operationId": "getPermission",
    "method": "GET",
    "path": "/v1/enforcer/permissions/{permission}",
    "pathParams": [
      "permission"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listRoles": {
    "operationId": "listRoles",
    "method": "GET",
    "path": "/v1/enforcer/roles",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getRole": {
    "operationId": "getRole",
    "method": "GET",
    "path": "/v1/enforcer/roles/{role}",
    "pathParams": [
      "role"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listRoleUsers": {
    "operationId": "listRoleUsers",
    "method": "GET",
    "path": "/v1/enforcer/roles/{role}/users",
    "pathParams": [
      "role"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "assignRole": {
    "operationId": "assignRole",
    "method": "PUT",
    "path": "/v1/enforcer/roles/{role}/users/{user}",
    "pathParams": [
      "role",
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "unassignRole": {
    "operationId": "unassignRole",
    "method": "DELETE",
    "path": "/v1/enforcer/roles/{role}/users/{user}",
    "pathParams": [
      "role",
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "createRole": {
    "operationId": "createRole",
    "method": "POST",
    "path": "/v1/enforcer/roles",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createRoleRequest",
    "bodyRequired": true
  },
  "updateRole": {
    "operationId": "updateRole",
    "method": "PATCH",
    "path": "/v1/enforcer/roles/{role}",
    "pathParams": [
      "role"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateRoleRequest",
    "bodyRequired": true
  },
  "deleteRole": {
    "operationId": "deleteRole",
    "method": "DELETE",
    "path": "/v1/enforcer/roles/{role}",
    "pathParams": [
      "role"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listEnforcerUsers": {
    "operationId": "listEnforcerUsers",
    "method": "GET",
    "path": "/v1/enforcer/users",
    "pathParams": [],
    "query": [
      "pageToken",
      "pageSize",
      "project",
      "search"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getEnforcerUser": {
    "operationId": "getEnforcerUser",
    "method": "GET",
    "path": "/v1/enforcer/users/{user}",
    "pathParams": [
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getUserRoles": {
    "operationId": "getUserRoles",
    "method": "GET",
    "path": "/v1/enforcer/users/{user}/roles",
    "pathParams": [
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getAssignableRoles": {
    "operationId": "getAssignableRoles",
    "method": "GET",
    "path": "/v1/enforcer/users/{user}/roles/assignable",
    "pathParams": [
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getUserPermissions": {
    "operationId": "getUserPermissions",
    "method": "GET",
    "path": "/v1/enforcer/users/{user}/permissions",
    "pathParams": [
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listRolesAdmin": {
    "operationId": "listRolesAdmin",
    "method": "GET",
    "path": "/v1/enforcer/admin/roles",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getRoleAdmin": {
    "operationId": "getRoleAdmin",
    "method": "GET",
    "path": "/v1/enforcer/admin/roles/{role}",
    "pathParams": [
      "role"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateRoleAdmin": {
    "operationId": "updateRoleAdmin",
    "method": "PATCH",
    "path": "/v1/enforcer/admin/roles/{role}",
    "pathParams": [
      "role"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateRoleRequest",
    "bodyRequired": true
  },
  "assignRoleAdmin": {
    "operationId": "assignRoleAdmin",
    "method": "PUT",
    "path": "/v1/enforcer/admin/roles/{role}/users/{user}",
    "pathParams": [
      "role",
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "unassignRoleAdmin": {
    "operationId": "unassignRoleAdmin",
    "method": "DELETE",
    "path": "/v1/enforcer/admin/roles/{role}/users/{user}",
    "pathParams": [
      "role",
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listPermissionsAdmin": {
    "operationId": "listPermissionsAdmin",
    "method": "GET",
    "path": "/v1/enforcer/admin/permissions",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getPermissionAdmin": {
    "operationId": "getPermissionAdmin",
    "method": "GET",
    "path": "/v1/enforcer/admin/permissions/{permission}",
    "pathParams": [
      "permission"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updatePermissionAdmin": {
    "operationId": "updatePermissionAdmin",
    "method": "PATCH",
    "path": "/v1/enforcer/admin/permissions/{permission}",
    "pathParams": [
      "permission"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updatePermissionRequest",
    "bodyRequired": true
  },
  "listProjectAudit": {
    "operationId": "listProjectAudit",
    "method": "GET",
    "path": "/v1/projects/{project}/audit",
    "pathParams": [
      "project"
    ],
    "query": [
      "pageToken",
      "pageSize",
      "actor",
      "operation",
      "result",
      "start",
      "end"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listAuditAdmin": {
    "operationId": "listAuditAdmin",
    "method": "GET",
    "path": "/v1/enforcer/admin/audit",
    "pathParams": [],
    "query": [
      "pageToken",
      "pageSize",
      "project",
      "actor",
      "operation",
      "result",
      "start",
      "end"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listProjects": {
    "operationId": "listProjects",
    "method": "GET",
    "path": "/v1/projects",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createProject": {
    "operationId": "createProject",
    "method": "POST",
    "path": "/v1/projects",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createProjectRequest",
    "bodyRequired": true
  },
  "getProject": {
    "operationId": "getProject",
    "method": "GET",
    "path": "/v1/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateProject": {
    "operationId": "updateProject",
    "method": "PATCH",
    "path": "/v1/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateProjectRequest",
    "bodyRequired": true
  },
  "deleteProject": {
    "operationId": "deleteProject",
    "method": "DELETE",
    "path": "/v1/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listOrganisations": {
    "operationId": "listOrganisations",
    "method": "GET",
    "path": "/v1/organisations",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createOrganisation": {
    "operationId": "createOrganisation",
    "method": "POST",
    "path": "/v1/organisations",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createOrganisationRequest",
    "bodyRequired": true
  },
  "getOrganisation": {
    "operationId": "getOrganisation",
    "method": "GET",
    "path": "/v1/organisations/{organisationId}",
    "pathParams": [
      "organisationId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateOrganisation": {
    "operationId": "updateOrganisation",
    "method": "PATCH",
    "path": "/v1/organisations/{organisationId}",
    "pathParams": [
      "organisationId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateOrganisationRequest",
    "bodyRequired": true
  },
  "listProjectTemplates": {
    "operationId": "listProjectTemplates",
    "method": "GET",
    "path": "/v1/projects/templates",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "installProjectTemplate": {
    "operationId": "installProjectTemplate",
    "method": "POST",
    "path": "/v1/projects/templates/{template}",
    "pathParams": [
      "template"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "installTemplateRequest",
    "bodyRequired": true
  },
  "listInvites": {
    "operationId": "listInvites",
    "method": "GET",
    "path": "/v1/projects/{project}/invites",
    "pathParams": [
      "project"
    ],
    "query": [
      "pageToken",
      "pageSize",
      "search"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createInvite": {
    "operationId": "createInvite",
    "method": "POST",
    "path": "/v1/projects/{project}/invites",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createInviteRequest",
    "bodyRequired": true
  },
  "revokeInvite": {
    "operationId": "revokeInvite",
    "method": "DELETE",
    "path": "/v1/projects/{project}/invites/{invite}",
    "pathParams": [
      "project",
      "invite"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listMembers": {
    "operationId": "listMembers",
    "method": "GET",
    "path": "/v1/projects/{project}/users",
    "pathParams": [
      "project"
    ],
    "query": [
      "pageToken",
      "pageSize",
      "search"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getMember": {
    "operationId": "getMember",
    "method": "GET",
    "path": "/v1/projects/{project}/users/{user}",
    "pathParams": [
      "project",
      "user"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateMember": {
    "operationId": "updateMember",
    "method": "PATCH",
    "path": "/v1/projects/{project}/users/{user}",
    "pathParams": [
      "project",
      "user"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateUserRequest",
    "bodyRequired": true
  },
  "removeMember": {
    "operationId": "removeMember",
    "method": "DELETE",
    "path": "/v1/projects/{project}/users/{user}",
    "pathParams": [
      "project",
      "user"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listAuthKeys": {
    "operationId": "listAuthKeys",
    "method": "GET",
    "path": "/v1/projects/{project}/auth",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createAuthKey": {
    "operationId": "createAuthKey",
    "method": "POST",
    "path": "/v1/projects/{project}/auth",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createAuthKeyRequest",
    "bodyRequired": true
  },
  "revokeAuthKey": {
    "operationId": "revokeAuthKey",
    "method": "DELETE",
    "path": "/v1/projects/{project}/auth/{auth}",
    "pathParams": [
      "project",
      "auth"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listBlogs": {
    "operationId": "listBlogs",
    "method": "GET",
    "path": "/v1/blog/blogs",
    "pathParams": [],
    "query": [
      "pageToken",
      "pageSize",
      "sortBy",
      "search"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createBlog": {
    "operationId": "createBlog",
    "method": "POST",
    "path": "/v1/blog/blogs",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createBlogRequest",
    "bodyRequired": true
  },
  "getBlog": {
    "operationId": "getBlog",
    "method": "GET",
    "path": "/v1/blog/blogs/{blogId}",
    "pathParams": [
      "blogId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateBlog": {
    "operationId": "updateBlog",
    "method": "PATCH",
    "path": "/v1/blog/blogs/{blogId}",
    "pathParams": [
      "blogId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateBlogRequest",
    "bodyRequired": true
  },
  "deleteBlog": {
    "operationId": "deleteBlog",
    "method": "DELETE",
    "path": "/v1/blog/blogs/{blogId}",
    "pathParams": [
      "blogId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listNotifications": {
    "operationId": "listNotifications",
    "method": "GET",
    "path": "/omnis/v3/dashboard/user/notifications",
    "pathParams": [],
    "query": [
      "pageToken",
      "pageSize",
      "group"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "deleteNotification": {
    "operationId": "deleteNotification",
    "method": "DELETE",
    "path": "/omnis/v3/dashboard/user/notifications/{id}",
    "pathParams": [
      "id"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "readNotification": {
    "operationId": "readNotification",
    "method": "PUT",
    "path": "/omnis/v3/dashboard/user/notifications/{id}/read",
    "pathParams": [
      "id"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "readAllNotifications": {
    "operationId": "readAllNotifications",
    "method": "PUT",
    "path": "/omnis/v3/dashboard/user/notifications/read-all",
    "pathParams": [],
    "query": [
      "group"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "savePushSubscription": {
    "operationId": "savePushSubscription",
    "method": "POST",
    "path": "/omnis/v3/dashboard/user/push/subscription",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "subscription",
    "bodyRequired": true
  },
  "getPushPublicKey": {
    "operationId": "getPushPublicKey",
    "method": "GET",
    "path": "/omnis/v3/dashboard/user/push/key",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "sendNotification": {
    "operationId": "sendNotification",
    "method": "POST",
    "path": "/v1/admin/notifications",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "sendNotificationRequest",
    "bodyRequired": true
  },
  "listTerms": {
    "operationId": "listTerms",
    "method": "GET",
    "path": "/v1/platform/{platformId}/terms",
    "pathParams": [
      "platformId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "saveTerms": {
    "operationId": "saveTerms",
    "method": "POST",
    "path": "/v1/platform/{platformId}/terms",
    "pathParams": [
      "platformId"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "saveTermsRequest",
    "bodyRequired": true
  },
  "getActiveTerms": {
    "operationId": "getActiveTerms",
    "method": "GET",
    "path": "/omnis/v3/platform/{id}/activeTerms",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "signActiveTerms": {
    "operationId": "signActiveTerms",
    "method": "POST",
    "path": "/omnis/v3/platform/{id}/activeTerms",
    "pathParams": [
      "id"
    ],
    "query": [
      "project",
      "termsId"
    ],
    "requiredQuery": [
      "termsId"
    ],
    "bodyRequired": false
  },
  "listBookmarks": {
    "operationId": "listBookmarks",
    "method": "GET",
    "path": "/v1/projects/{project}/bookmarks",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createBookmark": {
    "operationId": "createBookmark",
    "method": "POST",
    "path": "/v1/projects/{project}/bookmarks",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createBookmarkRequest",
    "bodyRequired": true
  },
  "updateBookmark": {
    "operationId": "updateBookmark",
    "method": "PATCH",
    "path": "/v1/projects/{project}/bookmarks/{bookmark}",
    "pathParams": [
      "project",
      "bookmark"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateBookmarkRequest",
    "bodyRequired": true
  },
  "deleteBookmark": {
    "operationId": "deleteBookmark",
    "method": "DELETE",
    "path": "/v1/projects/{project}/bookmarks/{bookmark}",
    "pathParams": [
      "project",
      "bookmark"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getBookmarkTabs": {
    "operationId": "getBookmarkTabs",
    "method": "GET",
    "path": "/v1/projects/{project}/bookmarktabs",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateBookmarkTabs": {
    "operationId": "updateBookmarkTabs",
    "method": "PUT",
    "path": "/v1/projects/{project}/bookmarktabs",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateBookmarkTabsRequest",
    "bodyRequired": true
  },
  "getBillingProject": {
    "operationId": "getBillingProject",
    "method": "GET",
    "path": "/v1/billing/billing",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateBillingProject": {
    "operationId": "updateBillingProject",
    "method": "PATCH",
    "path": "/v1/billing/billing",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateBillingProjectRequest",
    "bodyRequired": true
  },
  "updateAdminBillingProject": {
    "operationId": "updateAdminBillingProject",
    "method": "PATCH",
    "path": "/v1/billing/admin",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateAdminBillingProjectRequest",
    "bodyRequired": true
  },
  "listPlans": {
    "operationId": "listPlans",
    "method": "GET",
    "path": "/v1/billing/plans",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listWallets": {
    "operationId": "listWallets",
    "method": "GET",
    "path": "/v1/billing/wallets",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getWallet": {
    "operationId": "getWallet",
    "method": "GET",
    "path": "/v1/billing/wallets/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateWallet": {
    "operationId": "updateWallet",
    "method": "PATCH",
    "path": "/v1/billing/wallets/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateWalletRequest",
    "bodyRequired": true
  },
  "createTransaction": {
    "operationId": "createTransaction",
    "method": "POST",
    "path": "/v1/billing/transactions",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createTransactionRequest",
    "bodyRequired": true
  },
  "listTransactions": {
    "operationId": "listTransactions",
    "method": "GET",
    "path": "/v1/billing/transactions",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "invoice",
      "search",
      "integration"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getTransaction": {
    "operationId": "getTransaction",
    "method": "GET",
    "path": "/v1/billing/transactions/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "confirmTransaction": {
    "operationId": "confirmTransaction",
    "method": "POST",
    "path": "/v1/billing/transactions/{id}/confirm",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listPaymentMethods": {
    "operationId": "listPaymentMethods",
    "method": "GET",
    "path": "/v1/billing/payment-methods",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getPaymentMethod": {
    "operationId": "getPaymentMethod",
    "method": "GET",
    "path": "/v1/billing/payment-methods/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "createPaymentMethod": {
    "operationId": "createPaymentMethod",
    "method": "POST",
    "path": "/v1/billing/payment-methods",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createPaymentMethodRequest",
    "bodyRequired": true
  },
  "updatePaymentMethod": {
    "operationId": "updatePaymentMethod",
    "method": "PATCH",
    "path": "/v1/billing/payment-methods/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updatePaymentMethodRequest",
    "bodyRequired": true
  },
  "deletePaymentMethod": {
    "operationId": "deletePaymentMethod",
    "method": "DELETE",
    "path": "/v1/billing/payment-methods/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getVendorSecret": {
    "operationId": "getVendorSecret",
    "method": "GET",
    "path": "/v1/billing/payment-methods/{vendor}/secret",
    "pathParams": [
      "vendor"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listPaymentMethodPaymentAttempts": {
    "operationId": "listPaymentMethodPaymentAttempts",
    "method": "GET",
    "path": "/v1/billing/payment-methods/{id}/payment-attempts",
    "pathParams": [
      "id"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getOverview": {
    "operationId": "getOverview",
    "method": "GET",
    "path": "/v1/billing/overview",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listInvoices": {
    "operationId": "listInvoices",
    "method": "GET",
    "path": "/v1/billing/invoices",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "summary",
      "status",
      "type",
      "charge",
      "sourceReference"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getInvoice": {
    "operationId": "getInvoice",
    "method": "GET",
    "path": "/v1/billing/invoices/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "downloadInvoice": {
    "operationId": "downloadInvoice",
    "method": "GET",
    "path": "/v1/billing/invoices/{id}/download",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false,
    "download": true
  },
  "listInvoicePaymentAttempts": {
    "operationId": "listInvoicePaymentAttempts",
    "method": "GET",
    "path": "/v1/billing/invoices/{id}/payment-attempts",
    "pathParams": [
      "id"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "payInvoice": {
    "operationId": "payInvoice",
    "method": "POST",
    "path": "/v1/billing/invoices/{id}/pay",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "payInvoiceRequest",
    "bodyRequired": true
  },
  "exportInvoiceTransactions": {
    "operationId": "exportInvoiceTransactions",
    "method": "POST",
    "path": "/v1/billing/invoices/{id}/transactions/export",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "exportInvoiceTransactionsRequest",
    "bodyRequired": true,
    "download": true
  },
  "voidInvoice": {
    "operationId": "voidInvoice",
    "method": "POST",
    "path": "/v1/billing/admin/invoices/{id}/void",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "voidInvoiceRequest",
    "bodyRequired": true
  },
  "runInvoices": {
    "operationId": "runInvoices",
    "method": "POST",
    "path": "/v1/billing/admin/invoice-runs",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "runInvoicesRequest",
    "bodyRequired": true
  },
  "createSummary": {
    "operationId": "createSummary",
    "method": "POST",
    "path": "/v1/billing/summaries",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createSummaryRequest",
    "bodyRequired": true
  },
  "listSummaries": {
    "operationId": "listSummaries",
    "method": "GET",
    "path": "/v1/billing/summaries",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getSummary": {
    "operationId": "getSummary",
    "method": "GET",
    "path": "/v1/billing/summaries/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "deleteSummary": {
    "operationId": "deleteSummary",
    "method": "DELETE",
    "path": "/v1/billing/summaries/{id}",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "downloadSummary": {
    "operationId": "downloadSummary",
    "method": "GET",
    "path": "/v1/billing/summaries/{id}/download",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false,
    "download": true
  },
  "exportSummaryTransactions": {
    "operationId": "exportSummaryTransactions",
    "method": "POST",
    "path": "/v1/billing/summaries/{id}/transactions/export",
    "pathParams": [
      "id"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "exportInvoiceTransactionsRequest",
    "bodyRequired": true,
    "download": true
  },
  "exportTransactions": {
    "operationId": "exportTransactions",
    "method": "POST",
    "path": "/v1/billing/transactions/export",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "exportTransactionsRequest",
    "bodyRequired": true,
    "download": true
  },
  "exportAdminTransactions": {
    "operationId": "exportAdminTransactions",
    "method": "POST",
    "path": "/v1/billing/admin/transactions/export",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "exportAdminTransactionsRequest",
    "bodyRequired": true,
    "download": true
  },
  "advanceTestClock": {
    "operationId": "advanceTestClock",
    "method": "POST",
    "path": "/v1/billing/admin/test-clock",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "advanceTestClockRequest",
    "bodyRequired": true
  },
  "listIntegrations": {
    "operationId": "listIntegrations",
    "method": "GET",
    "path": "/v1/integrations",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listIntegrationCategories": {
    "operationId": "listIntegrationCategories",
    "method": "GET",
    "path": "/v1/integrations/categories",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getIntegrationCategory": {
    "operationId": "getIntegrationCategory",
    "method": "GET",
    "path": "/v1/integrations/categories/{category}",
    "pathParams": [
      "category"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listIntegrationListings": {
    "operationId": "listIntegrationListings",
    "method": "GET",
    "path": "/v1/integrations/listings",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "category",
      "search"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getIntegrationListing": {
    "operationId": "getIntegrationListing",
    "method": "GET",
    "path": "/v1/integrations/listings/{listing}",
    "pathParams": [
      "listing"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listIntegrationProducts": {
    "operationId": "listIntegrationProducts",
    "method": "GET",
    "path": "/v1/integrations/{integration}/products",
    "pathParams": [
      "integration"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getIntegrationProduct": {
    "operationId": "getIntegrationProduct",
    "method": "GET",
    "path": "/v1/integrations/products/{product}",
    "pathParams": [
      "product"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listAdminIntegrationListings": {
    "operationId": "listAdminIntegrationListings",
    "method": "GET",
    "path": "/v1/integrations/admin/listings",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createAdminIntegrationListing": {
    "operationId": "createAdminIntegrationListing",
    "method": "POST",
    "path": "/v1/integrations/admin/listings",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "createIntegrationListingRequest",
    "bodyRequired": true
  },
  "getAdminIntegrationListing": {
    "operationId": "getAdminIntegrationListing",
    "method": "GET",
    "path": "/v1/integrations/admin/listings/{listing}",
    "pathParams": [
      "listing"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateAdminIntegrationListing": {
    "operationId": "updateAdminIntegrationListing",
    "method": "PATCH",
    "path": "/v1/integrations/admin/listings/{listing}",
    "pathParams": [
      "listing"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateIntegrationListingRequest",
    "bodyRequired": true
  },
  "deleteAdminIntegrationListing": {
    "operationId": "deleteAdminIntegrationListing",
    "method": "DELETE",
    "path": "/v1/integrations/admin/listings/{listing}",
    "pathParams": [
      "listing"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "listProjectIntegrations": {
    "operationId": "listProjectIntegrations",
    "method": "GET",
    "path": "/v1/projects/{project}/integrations",
    "pathParams": [
      "project"
    ],
    "query": [
      "withUninstalled"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getProjectIntegration": {
    "operationId": "getProjectIntegration",
    "method": "GET",
    "path": "/v1/projects/{project}/integrations/{integration}",
    "pathParams": [
      "project",
      "integration"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "installIntegration": {
    "operationId": "installIntegration",
    "method": "POST",
    "path": "/v1/projects/{project}/integrations/{integration}",
    "pathParams": [
      "project",
      "integration"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "installIntegrationRequest",
    "bodyRequired": false
  },
  "uninstallIntegration": {
    "operationId": "uninstallIntegration",
    "method": "DELETE",
    "path": "/v1/projects/{project}/integrations/{integration}",
    "pathParams": [
      "project",
      "integration"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateIntegration": {
    "operationId": "updateIntegration",
    "method": "PATCH",
    "path": "/v1/projects/{project}/integrations/{integration}",
    "pathParams": [
      "project",
      "integration"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateIntegrationRequest",
    "bodyRequired": true
  },
  "setupIntegration": {
    "operationId": "setupIntegration",
    "method": "POST",
    "path": "/v1/projects/{project}/integrations/{integration}/setup",
    "pathParams": [
      "project",
      "integration"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateIntegrationRequest",
    "bodyRequired": true
  },
  "testIntegrationConnection": {
    "operationId": "testIntegrationConnection",
    "method": "POST",
    "path": "/v1/projects/{project}/integrations/{integration}/test",
    "pathParams": [
      "project",
      "integration"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "createFile": {
    "operationId": "createFile",
    "method": "POST",
    "path": "/v1/drive/files",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createFileRequest",
    "bodyRequired": true
  },
  "uploadFile": {
    "operationId": "uploadFile",
    "method": "POST",
    "path": "/v1/drive/files/{file}",
    "pathParams": [
      "file"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false,
    "upload": true
  },
  "getFile": {
    "operationId": "getFile",
    "method": "GET",
    "path": "/v1/drive/files/{file}",
    "pathParams": [
      "file"
    ],
    "query": [
      "type",
      "width",
      "height",
      "zoom",
      "focalX",
      "focalY",
      "paddingTop",
      "paddingRight",
      "paddingBottom",
      "paddingLeft",
      "mirrorX",
      "mirrorY",
      "rotate",
      "reflect",
      "extend",
      "dpi",
      "fit",
      "position",
      "background",
      "expires",
      "signature",
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false,
    "download": true
  },
  "deleteFile": {
    "operationId": "deleteFile",
    "method": "DELETE",
    "path": "/v1/drive/files/{file}",
    "pathParams": [
      "file"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getPublicFile": {
    "operationId": "getPublicFile",
    "method": "GET",
    "path": "/v1/drive/public/{project}/files/{file}",
    "pathParams": [
      "project",
      "file"
    ],
    "query": [
      "type",
      "width",
      "height",
      "zoom",
      "focalX",
      "focalY",
      "paddingTop",
      "paddingRight",
      "paddingBottom",
      "paddingLeft",
      "mirrorX",
      "mirrorY",
      "rotate",
      "reflect",
      "extend",
      "dpi",
      "fit",
      "position",
      "background",
      "expires",
      "signature",
      "v"
    ],
    "requiredQuery": [],
    "bodyRequired": false,
    "download": true
  },
  "listFileMetadata": {
    "operationId": "listFileMetadata",
    "method": "GET",
    "path": "/v1/drive/metadata",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "query",
      "sortBy"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getFileMetadata": {
    "operationId": "getFileMetadata",
    "method": "GET",
    "path": "/v1/drive/metadata/{file}",
    "pathParams": [
      "file"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateFileMetadata": {
    "operationId": "updateFileMetadata",
    "method": "PATCH",
    "path": "/v1/drive/metadata/{file}",
    "pathParams": [
      "file"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateMetadataRequest",
    "bodyRequired": true
  },
  "getDriveSync": {
    "operationId": "getDriveSync",
    "method": "GET",
    "path": "/v1/drive/sync",
    "pathParams": [],
    "query": [
      "project",
      "cursor",
      "limit"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getDriveSyncStatus": {
    "operationId": "getDriveSyncStatus",
    "method": "GET",
    "path": "/v1/drive/sync/status",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listDriveProjectsAdmin": {
    "operationId": "listDriveProjectsAdmin",
    "method": "GET",
    "path": "/v1/drive/admin/projects",
    "pathParams": [],
    "query": [
      "pageToken",
      "pageSize"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getDriveProjectAdmin": {
    "operationId": "getDriveProjectAdmin",
    "method": "GET",
    "path": "/v1/drive/admin/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "setupDriveProjectAdmin": {
    "operationId": "setupDriveProjectAdmin",
    "method": "POST",
    "path": "/v1/drive/admin/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "setup",
    "bodyRequired": true
  },
  "updateDriveProjectAdmin": {
    "operationId": "updateDriveProjectAdmin",
    "method": "PATCH",
    "path": "/v1/drive/admin/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateSetup",
    "bodyRequired": true
  },
  "deleteDriveProjectAdmin": {
    "operationId": "deleteDriveProjectAdmin",
    "method": "DELETE",
    "path": "/v1/drive/admin/projects/{project}",
    "pathParams": [
      "project"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getDriveMetricsAdmin": {
    "operationId": "getDriveMetricsAdmin",
    "method": "GET",
    "path": "/v1/drive/admin/metrics",
    "pathParams": [],
    "query": [
      "start",
      "end"
    ],
    "requiredQuery": [
      "start",
      "end"
    ],
    "bodyRequired": false
  },
  "getDriveProjectMetricsAdmin": {
    "operationId": "getDriveProjectMetricsAdmin",
    "method": "GET",
    "path": "/v1/drive/admin/projects/{project}/metrics",
    "pathParams": [
      "project"
    ],
    "query": [
      "start",
      "end"
    ],
    "requiredQuery": [
      "start",
      "end"
    ],
    "bodyRequired": false
  },
  "createChannel": {
    "operationId": "createChannel",
    "method": "POST",
    "path": "/v1/chat/channels",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createChannelRequest",
    "bodyRequired": true
  },
  "listChannels": {
    "operationId": "listChannels",
    "method": "GET",
    "path": "/v1/chat/channels",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getChannel": {
    "operationId": "getChannel",
    "method": "GET",
    "path": "/v1/chat/channels/{channel}",
    "pathParams": [
      "channel"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateChannel": {
    "operationId": "updateChannel",
    "method": "PATCH",
    "path": "/v1/chat/channels/{channel}",
    "pathParams": [
      "channel"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateChannelRequest",
    "bodyRequired": true
  },
  "deleteChannel": {
    "operationId": "deleteChannel",
    "method": "DELETE",
    "path": "/v1/chat/channels/{channel}",
    "pathParams": [
      "channel"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listChannelUsers": {
    "operationId": "listChannelUsers",
    "method": "GET",
    "path": "/v1/chat/channels/{channel}/users",
    "pathParams": [
      "channel"
    ],
    "query": [
      "includeSubscription"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "addChannelUsers": {
    "operationId": "addChannelUsers",
    "method": "POST",
    "path": "/v1/chat/channels/{channel}/users",
    "pathParams": [
      "channel"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "users",
    "bodyRequired": true
  },
  "removeChannelUsers": {
    "operationId": "removeChannelUsers",
    "method": "DELETE",
    "path": "/v1/chat/channels/{channel}/users",
    "pathParams": [
      "channel"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "users",
    "bodyRequired": true
  },
  "createMessage": {
    "operationId": "createMessage",
    "method": "POST",
    "path": "/v1/chat/channels/{channel}/messages",
    "pathParams": [
      "channel"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createMessageRequest",
    "bodyRequired": true
  },
  "listMessages": {
    "operationId": "listMessages",
    "method": "GET",
    "path": "/v1/chat/channels/{channel}/messages",
    "pathParams": [
      "channel"
    ],
    "query": [
      "limit",
      "around",
      "after",
      "before"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getMessage": {
    "operationId": "getMessage",
    "method": "GET",
    "path": "/v1/chat/channels/{channel}/messages/{message}",
    "pathParams": [
      "channel",
      "message"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updateMessage": {
    "operationId": "updateMessage",
    "method": "PATCH",
    "path": "/v1/chat/channels/{channel}/messages/{message}",
    "pathParams": [
      "channel",
      "message"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "updateMessageRequest",
    "bodyRequired": true
  },
  "deleteMessage": {
    "operationId": "deleteMessage",
    "method": "DELETE",
    "path": "/v1/chat/channels/{channel}/messages/{message}",
    "pathParams": [
      "channel",
      "message"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "addReaction": {
    "operationId": "addReaction",
    "method": "POST",
    "path": "/v1/chat/channels/{channel}/messages/{message}/reactions",
    "pathParams": [
      "channel",
      "message"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "reaction",
    "bodyRequired": true
  },
  "removeReaction": {
    "operationId": "removeReaction",
    "method": "DELETE",
    "path": "/v1/chat/channels/{channel}/messages/{message}/reactions",
    "pathParams": [
      "channel",
      "message"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "reaction",
    "bodyRequired": true
  },
  "getChannelUser": {
    "operationId": "getChannelUser",
    "method": "GET",
    "path": "/v1/chat/channels/{channel}/users/{user}",
    "pathParams": [
      "channel",
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateChannelUser": {
    "operationId": "updateChannelUser",
    "method": "PATCH",
    "path": "/v1/chat/channels/{channel}/users/{user}",
    "pathParams": [
      "channel",
      "user"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "subscriptionUpdate",
    "bodyRequired": true
  },
  "searchMessages": {
    "operationId": "searchMessages",
    "method": "GET",
    "path": "/v1/chat/channels/{channel}/messages/search",
    "pathParams": [
      "channel"
    ],
    "query": [
      "search",
      "limit"
    ],
    "requiredQuery": [
      "search"
    ],
    "bodyRequired": false
  },
  "getChatUser": {
    "operationId": "getChatUser",
    "method": "GET",
    "path": "/v1/chat/users/{user}",
    "pathParams": [
      "user"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getMessagesMetadata": {
    "operationId": "getMessagesMetadata",
    "method": "POST",
    "path": "/v1/chat/users/{user}/messages/metadata",
    "pathParams": [
      "user"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "metadataRequest",
    "bodyRequired": true
  },
  "markMessagesRead": {
    "operationId": "markMessagesRead",
    "method": "POST",
    "path": "/v1/chat/users/{user}/messages/read",
    "pathParams": [
      "user"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "readRequest",
    "bodyRequired": true
  },
  "updateSubscription": {
    "operationId": "updateSubscription",
    "method": "PATCH",
    "path": "/v1/chat/users/{user}/subscriptions/{subscription}",
    "pathParams": [
      "user",
      "subscription"
    ],
    "query": [],
    "requiredQuery": [],
    "bodyName": "subscriptionUpdate",
    "bodyRequired": true
  },
  "placeOrder": {
    "operationId": "placeOrder",
    "method": "POST",
    "path": "/v1/platform/{platformId}/orders",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "placeOrderRequest",
    "bodyRequired": true
  },
  "listOrders": {
    "operationId": "listOrders",
    "method": "GET",
    "path": "/v1/platform/{platformId}/orders",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "start",
      "end",
      "dateFilterType"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "exportOrders": {
    "operationId": "exportOrders",
    "method": "POST",
    "path": "/v1/platform/{platformId}/orders/export",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "start",
      "end",
      "search"
    ],
    "requiredQuery": [
      "project",
      "start"
    ],
    "bodyRequired": false
  },
  "getOrder": {
    "operationId": "getOrder",
    "method": "GET",
    "path": "/v1/platform/{platformId}/orders/{orderId}",
    "pathParams": [
      "platformId",
      "orderId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "retryPlatformPayment": {
    "operationId": "retryPlatformPayment",
    "method": "POST",
    "path": "/v1/platform/{platformId}/orders/{orderId}/retryPlatformPayment",
    "pathParams": [
      "platformId",
      "orderId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "refundOrder": {
    "operationId": "refundOrder",
    "method": "POST",
    "path": "/v1/platform/{platformId}/orders/{orderId}/refund",
    "pathParams": [
      "platformId",
      "orderId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "refundOrderRequest",
    "bodyRequired": true
  },
  "getFulfillment": {
    "operationId": "getFulfillment",
    "method": "GET",
    "path": "/v1/platform/{platformId}/fulfillments/{fulfillmentId}",
    "pathParams": [
      "platformId",
      "fulfillmentId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateFulfillment": {
    "operationId": "updateFulfillment",
    "method": "PATCH",
    "path": "/v1/platform/{platformId}/fulfillments/{fulfillmentId}",
    "pathParams": [
      "platformId",
      "fulfillmentId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateFulfillmentRequest",
    "bodyRequired": true
  },
  "listAvailableFulfillers": {
    "operationId": "listAvailableFulfillers",
    "method": "GET",
    "path": "/v1/platform/{platformId}/available-fulfillers",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listCustomers": {
    "operationId": "listCustomers",
    "method": "GET",
    "path": "/v1/platform/{platformId}/customers",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "sortBy",
      "totalOrderCount",
      "lifetimeValue",
      "lastPurchasedStart",
      "lastPurchasedEnd"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "exportCustomers": {
    "operationId": "exportCustomers",
    "method": "POST",
    "path": "/v1/platform/{platformId}/customers/export",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "search",
      "totalOrderCount",
      "lifetimeValue",
      "lastPurchasedStart",
      "lastPurchasedEnd"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getCustomer": {
    "operationId": "getCustomer",
    "method": "GET",
    "path": "/v1/platform/{platformId}/customers/{customerId}",
    "pathParams": [
      "platformId",
      "customerId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getStorefrontExport": {
    "operationId": "getStorefrontExport",
    "method": "GET",
    "path": "/v1/platform/{platformId}/exports/{exportId}",
    "pathParams": [
      "platformId",
      "exportId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getPaymentAccount": {
    "operationId": "getPaymentAccount",
    "method": "GET",
    "path": "/v1/platform/payment/stripe",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "authorizePaymentAccount": {
    "operationId": "authorizePaymentAccount",
    "method": "GET",
    "path": "/v1/platform/payment/stripe/authorize",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "completePaymentAuthorization": {
    "operationId": "completePaymentAuthorization",
    "method": "POST",
    "path": "/v1/platform/payment/stripe/authorize",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "completePaymentAuthorizationRequest",
    "bodyRequired": true
  },
  "deauthorizePaymentAccount": {
    "operationId": "deauthorizePaymentAccount",
    "method": "DELETE",
    "path": "/v1/platform/payment/stripe/deauthorize",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getStorefrontSummary": {
    "operationId": "getStorefrontSummary",
    "method": "GET",
    "path": "/v1/platform/{platformId}/orders/summary",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "days"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "submitEnquiry": {
    "operationId": "submitEnquiry",
    "method": "POST",
    "path": "/v1/platform/{platformId}/customers/enquiries",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "submitEnquiryRequest",
    "bodyRequired": true
  },
  "listEnquiries": {
    "operationId": "listEnquiries",
    "method": "GET",
    "path": "/v1/platform/{platformId}/customers/enquiries",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "start",
      "end",
      "status",
      "unread"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getEnquiry": {
    "operationId": "getEnquiry",
    "method": "GET",
    "path": "/v1/platform/{platformId}/customers/enquiries/{enquiryId}",
    "pathParams": [
      "platformId",
      "enquiryId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listEnquiryLogs": {
    "operationId": "listEnquiryLogs",
    "method": "GET",
    "path": "/v1/platform/{platformId}/customers/enquiries/{enquiryId}/logs",
    "pathParams": [
      "platformId",
      "enquiryId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateEnquiry": {
    "operationId": "updateEnquiry",
    "method": "PATCH",
    "path": "/v1/platform/{platformId}/customers/enquiries/{enquiryId}",
    "pathParams": [
      "platformId",
      "enquiryId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateEnquiryRequest",
    "bodyRequired": true
  },
  "replyToEnquiry": {
    "operationId": "replyToEnquiry",
    "method": "POST",
    "path": "/v1/platform/{platformId}/customers/enquiries/{enquiryId}/reply",
    "pathParams": [
      "platformId",
      "enquiryId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "replyToEnquiryRequest",
    "bodyRequired": true
  },
  "submitReview": {
    "operationId": "submitReview",
    "method": "POST",
    "path": "/v1/platform/{platformId}/reviews",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "submitReviewRequest",
    "bodyRequired": true
  },
  "listReviews": {
    "operationId": "listReviews",
    "method": "GET",
    "path": "/v1/platform/{platformId}/reviews",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "sortBy",
      "start",
      "end",
      "status",
      "rating"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "exportReviews": {
    "operationId": "exportReviews",
    "method": "POST",
    "path": "/v1/platform/{platformId}/reviews/export",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "start",
      "end",
      "status"
    ],
    "requiredQuery": [
      "project",
      "start"
    ],
    "bodyRequired": false
  },
  "getReview": {
    "operationId": "getReview",
    "method": "GET",
    "path": "/v1/platform/{platformId}/reviews/{reviewId}",
    "pathParams": [
      "platformId",
      "reviewId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "moderateReview": {
    "operationId": "moderateReview",
    "method": "PATCH",
    "path": "/v1/platform/{platformId}/reviews/{reviewId}/moderate",
    "pathParams": [
      "platformId",
      "reviewId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "moderateReviewRequest",
    "bodyRequired": true
  },
  "listPublicReviews": {
    "operationId": "listPublicReviews",
    "method": "GET",
    "path": "/omnis/v3/platform/{platformId}/reviews",
    "pathParams": [
      "platformId"
    ],
    "query": [
      "project",
      "productSku",
      "kind",
      "pageToken",
      "pageSize"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listProjectDomains": {
    "operationId": "listProjectDomains",
    "method": "GET",
    "path": "/v1/platform/client/domains",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "createProjectDomain": {
    "operationId": "createProjectDomain",
    "method": "POST",
    "path": "/v1/platform/client/domains",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createDomainRequest",
    "bodyRequired": true
  },
  "deleteProjectDomain": {
    "operationId": "deleteProjectDomain",
    "method": "DELETE",
    "path": "/v1/platform/client/domains/{domain}",
    "pathParams": [
      "domain"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "checkProjectDomain": {
    "operationId": "checkProjectDomain",
    "method": "POST",
    "path": "/v1/platform/client/domains/{domain}/check",
    "pathParams": [
      "domain"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listPlatformDomains": {
    "operationId": "listPlatformDomains",
    "method": "GET",
    "path": "/v1/platform/domains",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "addPlatformDomain": {
    "operationId": "addPlatformDomain",
    "method": "POST",
    "path": "/v1/platform/domains",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyName": "addPlatformDomainRequest",
    "bodyRequired": true
  },
  "removePlatformDomain": {
    "operationId": "removePlatformDomain",
    "method": "DELETE",
    "path": "/v1/platform/domains/{domain}",
    "pathParams": [
      "domain"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "getPlatformSettings": {
    "operationId": "getPlatformSettings",
    "method": "GET",
    "path": "/v1/platform",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyRequired": false
  },
  "updatePlatform": {
    "operationId": "updatePlatform",
    "method": "PATCH",
    "path": "/v1/platform",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [],
    "bodyName": "updatePlatformRequest",
    "bodyRequired": true
  },
  "createSubscriber": {
    "operationId": "createSubscriber",
    "method": "POST",
    "path": "/v1/mail/subscribers",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createSubscriberRequest",
    "bodyRequired": true
  },
  "listSubscribers": {
    "operationId": "listSubscribers",
    "method": "GET",
    "path": "/v1/mail/subscribers",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "status",
      "mailingListId"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getSubscriber": {
    "operationId": "getSubscriber",
    "method": "GET",
    "path": "/v1/mail/subscribers/{subscriberId}",
    "pathParams": [
      "subscriberId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateSubscriber": {
    "operationId": "updateSubscriber",
    "method": "PUT",
    "path": "/v1/mail/subscribers/{subscriberId}",
    "pathParams": [
      "subscriberId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateSubscriberRequest",
    "bodyRequired": true
  },
  "deleteSubscriber": {
    "operationId": "deleteSubscriber",
    "method": "DELETE",
    "path": "/v1/mail/subscribers/{subscriberId}",
    "pathParams": [
      "subscriberId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listSubscriberEvents": {
    "operationId": "listSubscriberEvents",
    "method": "GET",
    "path": "/v1/mail/subscribers/{subscriberId}/events",
    "pathParams": [
      "subscriberId"
    ],
    "query": [
      "project",
      "pageToken",
      "pageSize"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listMailingLists": {
    "operationId": "listMailingLists",
    "method": "GET",
    "path": "/v1/mail/mailing-lists",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getMailingList": {
    "operationId": "getMailingList",
    "method": "GET",
    "path": "/v1/mail/mailing-lists/{mailingListId}",
    "pathParams": [
      "mailingListId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "createMailingList": {
    "operationId": "createMailingList",
    "method": "POST",
    "path": "/v1/mail/mailing-lists",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createMailingListRequest",
    "bodyRequired": true
  },
  "updateMailingList": {
    "operationId": "updateMailingList",
    "method": "PATCH",
    "path": "/v1/mail/mailing-lists/{mailingListId}",
    "pathParams": [
      "mailingListId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateMailingListRequest",
    "bodyRequired": true
  },
  "deleteMailingList": {
    "operationId": "deleteMailingList",
    "method": "DELETE",
    "path": "/v1/mail/mailing-lists/{mailingListId}",
    "pathParams": [
      "mailingListId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "confirmSubscription": {
    "operationId": "confirmSubscription",
    "method": "POST",
    "path": "/v1/mail/subscriptions/confirm",
    "pathParams": [],
    "query": [],
    "requiredQuery": [],
    "bodyName": "confirmSubscriptionRequest",
    "bodyRequired": true
  },
  "readUnsubscribeLink": {
    "operationId": "readUnsubscribeLink",
    "method": "GET",
    "path": "/v1/mail/subscriptions/unsubscribe",
    "pathParams": [],
    "query": [
      "token"
    ],
    "requiredQuery": [
      "token"
    ],
    "bodyRequired": false
  },
  "unsubscribe": {
    "operationId": "unsubscribe",
    "method": "POST",
    "path": "/v1/mail/subscriptions/unsubscribe",
    "pathParams": [],
    "query": [
      "token"
    ],
    "requiredQuery": [
      "token"
    ],
    "bodyRequired": false
  },
  "importSubscribers": {
    "operationId": "importSubscribers",
    "method": "POST",
    "path": "/v1/mail/subscribers/import",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false,
    "upload": "multipart"
  },
  "listSubscriberImports": {
    "operationId": "listSubscriberImports",
    "method": "GET",
    "path": "/v1/mail/subscribers/imports",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getSubscriberImport": {
    "operationId": "getSubscriberImport",
    "method": "GET",
    "path": "/v1/mail/subscribers/imports/{importId}",
    "pathParams": [
      "importId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "startSubscriberImport": {
    "operationId": "startSubscriberImport",
    "method": "POST",
    "path": "/v1/mail/subscribers/imports/{importId}/start",
    "pathParams": [
      "importId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "startImportRequest",
    "bodyRequired": true
  },
  "cancelSubscriberImport": {
    "operationId": "cancelSubscriberImport",
    "method": "POST",
    "path": "/v1/mail/subscribers/imports/{importId}/cancel",
    "pathParams": [
      "importId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listDrafts": {
    "operationId": "listDrafts",
    "method": "GET",
    "path": "/v1/mail/drafts",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getDraft": {
    "operationId": "getDraft",
    "method": "GET",
    "path": "/v1/mail/drafts/{draftId}",
    "pathParams": [
      "draftId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "createDraft": {
    "operationId": "createDraft",
    "method": "POST",
    "path": "/v1/mail/drafts",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createDraftRequest",
    "bodyRequired": true
  },
  "updateDraft": {
    "operationId": "updateDraft",
    "method": "PATCH",
    "path": "/v1/mail/drafts/{draftId}",
    "pathParams": [
      "draftId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateDraftRequest",
    "bodyRequired": true
  },
  "deleteDraft": {
    "operationId": "deleteDraft",
    "method": "DELETE",
    "path": "/v1/mail/drafts/{draftId}",
    "pathParams": [
      "draftId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "duplicateDraft": {
    "operationId": "duplicateDraft",
    "method": "POST",
    "path": "/v1/mail/drafts/{draftId}/duplicate",
    "pathParams": [
      "draftId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "previewDraft": {
    "operationId": "previewDraft",
    "method": "POST",
    "path": "/v1/mail/drafts/preview",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "previewDraftRequest",
    "bodyRequired": true
  },
  "createCampaign": {
    "operationId": "createCampaign",
    "method": "POST",
    "path": "/v1/mail/campaigns",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createCampaignRequest",
    "bodyRequired": true
  },
  "listCampaigns": {
    "operationId": "listCampaigns",
    "method": "GET",
    "path": "/v1/mail/campaigns",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search",
      "status",
      "sortBy",
      "order"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getCampaign": {
    "operationId": "getCampaign",
    "method": "GET",
    "path": "/v1/mail/campaigns/{campaignId}",
    "pathParams": [
      "campaignId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateCampaign": {
    "operationId": "updateCampaign",
    "method": "PATCH",
    "path": "/v1/mail/campaigns/{campaignId}",
    "pathParams": [
      "campaignId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateCampaignRequest",
    "bodyRequired": true
  },
  "countCampaignAudience": {
    "operationId": "countCampaignAudience",
    "method": "POST",
    "path": "/v1/mail/campaigns/audience-count",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "countCampaignAudienceRequest",
    "bodyRequired": true
  },
  "sendCampaign": {
    "operationId": "sendCampaign",
    "method": "POST",
    "path": "/v1/mail/campaigns/{campaignId}/send",
    "pathParams": [
      "campaignId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "pauseCampaign": {
    "operationId": "pauseCampaign",
    "method": "POST",
    "path": "/v1/mail/campaigns/{campaignId}/pause",
    "pathParams": [
      "campaignId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "cancelCampaign": {
    "operationId": "cancelCampaign",
    "method": "POST",
    "path": "/v1/mail/campaigns/{campaignId}/cancel",
    "pathParams": [
      "campaignId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "trackOpen": {
    "operationId": "trackOpen",
    "method": "GET",
    "path": "/v1/mail/track/open",
    "pathParams": [],
    "query": [
      "token"
    ],
    "requiredQuery": [
      "token"
    ],
    "bodyRequired": false,
    "download": true
  },
  "trackClick": {
    "operationId": "trackClick",
    "method": "GET",
    "path": "/v1/mail/track/click",
    "pathParams": [],
    "query": [
      "token",
      "url"
    ],
    "requiredQuery": [
      "token",
      "url"
    ],
    "bodyRequired": false,
    "download": true
  },
  "listFlows": {
    "operationId": "listFlows",
    "method": "GET",
    "path": "/v1/flows",
    "pathParams": [],
    "query": [
      "project",
      "pageToken",
      "pageSize",
      "search"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "createFlow": {
    "operationId": "createFlow",
    "method": "POST",
    "path": "/v1/flows",
    "pathParams": [],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "createFlowRequest",
    "bodyRequired": true
  },
  "getFlow": {
    "operationId": "getFlow",
    "method": "GET",
    "path": "/v1/flows/{flowId}",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateFlow": {
    "operationId": "updateFlow",
    "method": "PATCH",
    "path": "/v1/flows/{flowId}",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateFlowRequest",
    "bodyRequired": true
  },
  "deleteFlow": {
    "operationId": "deleteFlow",
    "method": "DELETE",
    "path": "/v1/flows/{flowId}",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "getFlowDraft": {
    "operationId": "getFlowDraft",
    "method": "GET",
    "path": "/v1/flows/{flowId}/draft",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "updateFlowDraft": {
    "operationId": "updateFlowDraft",
    "method": "PUT",
    "path": "/v1/flows/{flowId}/draft",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyName": "updateFlowDraftRequest",
    "bodyRequired": true
  },
  "discardFlowDraft": {
    "operationId": "discardFlowDraft",
    "method": "DELETE",
    "path": "/v1/flows/{flowId}/draft",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "publishFlowDraft": {
    "operationId": "publishFlowDraft",
    "method": "POST",
    "path": "/v1/flows/{flowId}/draft/publish",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "testSendFlowDraft": {
    "operationId": "testSendFlowDraft",
    "method": "POST",
    "path": "/v1/flows/{flowId}/draft/test-send",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "listFlowVersions": {
    "operationId": "listFlowVersions",
    "method": "GET",
    "path": "/v1/flows/{flowId}/versions",
    "pathParams": [
      "flowId"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  },
  "restoreFlowVersion": {
    "operationId": "restoreFlowVersion",
    "method": "POST",
    "path": "/v1/flows/{flowId}/versions/{version}/restore",
    "pathParams": [
      "flowId",
      "version"
    ],
    "query": [
      "project"
    ],
    "requiredQuery": [
      "project"
    ],
    "bodyRequired": false
  }
};
