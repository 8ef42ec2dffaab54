/** The OAuth2 grants Falcon can ask a token endpoint for. */
export type OAuth2Grant = 'client_credentials' | 'password' | 'refresh_token';

/** How the client's credentials go to the token endpoint: a Basic header, or form fields of the body. */
export type ClientAuthMethod = 'basic' | 'body';
