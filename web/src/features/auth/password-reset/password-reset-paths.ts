/** The signed-out password pages (spec 02 §2): one request page per deployment variant. */
export const PASSWORD_RESET_PATHS = {
  cloud: '/password-reset',
  onPremise: '/password-reset-onpremise',
  login: '/login',
} as const;

/** Where "Forgot password?" and "Request a new link" lead on this deployment. */
export function resetRequestPath(onPremise: boolean): string {
  return onPremise ? PASSWORD_RESET_PATHS.onPremise : PASSWORD_RESET_PATHS.cloud;
}
