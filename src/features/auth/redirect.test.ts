import { describe, expect, it } from 'vitest';
import { adminLoginPath, afterSignInPath, authFailureRedirect, localizeTarget, publicLoginPath, safeRedirectPath, withRedirect } from './redirect.ts';

describe('safeRedirectPath', () => {
  it('accepts in-app paths of the right area', () => {
    expect(safeRedirectPath('/profile/places?x=1', 'public')).toBe('/profile/places?x=1');
    expect(safeRedirectPath('/admin/places', 'admin')).toBe('/admin/places');
  });

  it('refuses other sites, other areas and the login pages themselves', () => {
    for (const bad of ['https://evil.test', '//evil.test', '/\\evil.test', 'profile', '', null, '/a b', '/x?u=http://e']) {
      expect(safeRedirectPath(bad, 'public')).toBeNull();
    }
    expect(safeRedirectPath('/admin/map', 'public')).toBeNull();
    expect(safeRedirectPath('/auth/login', 'public')).toBeNull();
    expect(safeRedirectPath('/profile', 'admin')).toBeNull();
    expect(safeRedirectPath('/admin/login', 'admin')).toBeNull();
  });
});

describe('login paths', () => {
  it('public login in the language, keeping the origin', () => {
    expect(publicLoginPath('en', '/profile')).toBe('/auth/login?redirect=%2Fprofile');
    expect(publicLoginPath('ar', '/profile/places/ar')).toBe('/auth/login/ar?redirect=%2Fprofile%2Fplaces%2Far');
    expect(publicLoginPath('ar', '/')).toBe('/auth/login/ar');
    expect(publicLoginPath('en', null)).toBe('/auth/login');
  });

  it('admin login keeps admin origins only', () => {
    expect(adminLoginPath('/admin/places')).toBe('/admin/login?redirect=%2Fadmin%2Fplaces');
    expect(adminLoginPath('/admin')).toBe('/admin/login');
    expect(adminLoginPath('/profile')).toBe('/admin/login');
  });

  it('after sign-in: the kept origin in the current language, else home', () => {
    expect(afterSignInPath('?redirect=%2Fprofile%2Fplaces%2Far', 'en')).toBe('/profile/places');
    expect(afterSignInPath('?redirect=%2Fprofile', 'ar')).toBe('/profile/ar');
    expect(afterSignInPath('?redirect=https%3A%2F%2Fevil.test', 'en')).toBe('/');
    expect(afterSignInPath('', 'ar')).toBe('/ar');
  });

  it('keeps query and hash when localising', () => {
    expect(localizeTarget('/places?zone=a#top', 'ar')).toBe('/places/ar?zone=a#top');
    expect(withRedirect('/auth/register/ar', '?redirect=%2Fprofile')).toBe('/auth/register/ar?redirect=%2Fprofile');
    expect(withRedirect('/auth/register', '')).toBe('/auth/register');
  });
});

describe('authFailureRedirect', () => {
  it('admin → /admin/login, public → /auth/login for the language', () => {
    expect(authFailureRedirect('admin', '/admin/places', 'en')).toBe('/admin/login?redirect=%2Fadmin%2Fplaces');
    expect(authFailureRedirect('public', '/profile/places/ar', 'ar')).toBe('/auth/login/ar?redirect=%2Fprofile%2Fplaces%2Far');
    expect(authFailureRedirect('public', '/', 'en')).toBe('/auth/login');
  });

  it('stays put when already on that login page', () => {
    expect(authFailureRedirect('admin', '/admin/login', 'en')).toBeNull();
    expect(authFailureRedirect('public', '/auth/login/ar', 'ar')).toBeNull();
  });
});
