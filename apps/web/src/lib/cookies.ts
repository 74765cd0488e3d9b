/** Deleting a cookie the app itself once wrote (the old readable session cookie). */
export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict${secure ? '; Secure' : ''}`;
}
