import { AppError } from '../../core/errors.js';

export const projectNotFound = () => new AppError(404, 'PROJECT_NOT_FOUND', 'Project not found');
export const organisationNotFound = () => new AppError(404, 'ORGANISATION_NOT_FOUND', 'Organisation not found');
export const templateNotFound = () => new AppError(404, 'TEMPLATE_NOT_FOUND', 'Template not found');
