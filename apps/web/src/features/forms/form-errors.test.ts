import { ApiError, RequiredError } from '@wharf/client';
import { ChangePasswordRequest, LoginRequest } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_ERROR, fieldName, formErrorsFrom, validate } from './form-errors';

const apiError = (status: number, code: string, message: string, errors?: { path: string; message: string }[]) =>
  new ApiError({ status, code, message, errors });

describe('formErrorsFrom', () => {
  it('puts 400 VALIDATION_ERROR field errors beside their fields, without the body. prefix', () => {
    const error = apiError(400, 'VALIDATION_ERROR', 'Invalid request', [
      { path: 'body.email', message: 'Enter a valid email address.' },
      { path: 'body.password', message: 'Use at least 8 characters.' },
      { path: 'body.password', message: 'A second complaint about the password.' },
    ]);
    expect(formErrorsFrom(error)).toEqual({
      fields: { email: 'Enter a valid email address.', password: 'Use at least 8 characters.' },
    });
  });

  it('reads 422 (WEAK_PASSWORD) the same way', () => {
    const error = apiError(422, 'WEAK_PASSWORD', 'This password is too common.', [
      { path: 'body.password', message: 'This password is too common.' },
    ]);
    expect(formErrorsFrom(error, { fields: ['password'] })).toEqual({
      fields: { password: 'This password is too common.' },
    });
  });

  it('makes an error about a field the form does not show its message', () => {
    const error = apiError(400, 'VALIDATION_ERROR', 'Invalid', [
      { path: 'body.password', message: 'Too short.' },
      { path: 'query.project', message: 'Unknown project.' },
    ]);
    expect(formErrorsFrom(error, { fields: ['password'] })).toEqual({
      fields: { password: 'Too short.' },
      message: 'Unknown project.',
    });
  });

  it("shows a 400's server message when it names no field", () => {
    expect(formErrorsFrom(apiError(400, 'BAD_REQUEST', 'The link is malformed'))).toEqual({
      fields: {},
      message: 'The link is malformed',
    });
  });

  it('shows the default message for anything else', () => {
    expect(DEFAULT_FORM_ERROR).toBe('Something went wrong. Please try again later.');
    for (const error of [
      apiError(500, 'INTERNAL_ERROR', 'Database down'),
      apiError(0, 'AXIOS_ERROR', 'Failed to fetch'),
      apiError(403, 'FORBIDDEN', 'No'),
      new RequiredError('loginRequest', 'login'),
      new Error('boom'),
      'a string',
    ]) {
      expect(formErrorsFrom(error)).toEqual({ fields: {}, message: DEFAULT_FORM_ERROR });
    }
  });

  it("shows a 429's message (how long to wait)", () => {
    expect(formErrorsFrom(apiError(429, 'TOO_MANY_REQUESTS', 'Too many attempts. Try again in a minute.'))).toEqual({
      fields: {},
      message: 'Too many attempts. Try again in a minute.',
    });
  });

  it('reads the codes a page knows in its own words, or beside a field', () => {
    const codes = {
      INVALID_CREDENTIALS: 'The email or password is incorrect.',
      EMAIL_TAKEN: { field: 'email', message: 'An account already exists for this email.' },
      WEAK_PASSWORD: { field: 'password' },
    };
    expect(formErrorsFrom(apiError(401, 'INVALID_CREDENTIALS', 'Bad'), { codes })).toEqual({
      fields: {},
      message: 'The email or password is incorrect.',
    });
    expect(formErrorsFrom(apiError(409, 'EMAIL_TAKEN', 'Taken'), { codes })).toEqual({
      fields: { email: 'An account already exists for this email.' },
    });
    expect(formErrorsFrom(apiError(422, 'WEAK_PASSWORD', 'Too common'), { codes })).toEqual({
      fields: { password: 'Too common' },
    });
  });

  it('strips only a leading body. from paths', () => {
    expect(fieldName('body.password_confirmation')).toBe('password_confirmation');
    expect(fieldName('body.profile.name')).toBe('profile.name');
    expect(fieldName('query.body.x')).toBe('query.body.x');
  });
});

describe('validate', () => {
  it("gives the contract schema's words per field", () => {
    const result = validate(LoginRequest, { email: 'nope', password: '' });
    expect(result).toEqual({
      ok: false,
      errors: { fields: { email: 'Enter a valid email address.', password: 'Enter your password.' } },
    });
  });

  it('places a cross-field refinement on its field', () => {
    const result = validate(ChangePasswordRequest, {
      current_password: 'old',
      password: 'long enough',
      password_confirmation: 'different',
    });
    expect(result).toEqual({ ok: false, errors: { fields: { password_confirmation: 'The passwords do not match.' } } });
  });

  it('answers the parsed data when valid', () => {
    expect(validate(LoginRequest, { email: 'ada@example.com', password: 'x' })).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: 'x' },
    });
  });
});
