import { describeFrameworkCases } from './framework-cases.js';

describeFrameworkCases([
  {
    framework: 'gin',
    prefixed: {
      method: 'POST',
      path: '/api/v1/users',
      route: 'POST /api/v1/users',
      handler: 'handlers/users.go:36',
      code: /func \(h \*UserHandler\) CreateUser/,
    },
    parameter: {
      method: 'GET',
      path: '/api/v1/users/42',
      route: 'GET /api/v1/users/:id',
      handler: 'handlers/users.go:27',
      code: /func \(h \*UserHandler\) GetUser/,
    },
    wrongMethod: { method: 'DELETE', path: '/api/v1/users/42', offered: 'GET /api/v1/users/:id' },
  },
  {
    framework: 'echo',
    prefixed: { method: 'DELETE', path: '/api/admin/users/9', route: 'DELETE /api/admin/users/:id', handler: 'handlers.go:34', code: /func deleteUser/ },
    parameter: { method: 'GET', path: '/api/users/1', route: 'GET /api/users/:id', handler: 'handlers.go:18', code: /func getUser\(c echo\.Context\) error/ },
    wrongMethod: { method: 'PUT', path: '/api/users/1', offered: 'GET /api/users/:id' },
  },
  {
    framework: 'chi',
    prefixed: { method: 'GET', path: '/api/admin/stats', route: 'GET /api/admin/stats', handler: 'admin.go:15', code: /func adminStats/ },
    parameter: { method: 'GET', path: '/api/users/17', route: 'GET /api/users/{userID}', handler: 'users.go:26', code: /func getUser\(w http\.ResponseWriter/ },
    wrongMethod: { method: 'PATCH', path: '/api/users/17', offered: 'DELETE /api/users/{userID}' },
  },
  {
    framework: 'fiber',
    prefixed: { method: 'POST', path: '/api/v1/users', route: 'POST /api/v1/users', handler: 'handlers/users.go:18', code: /func CreateUser/ },
    parameter: {
      method: 'GET',
      path: '/api/v1/users/1',
      route: 'GET /api/v1/users/:id',
      handler: 'handlers/users.go:10',
      code: /func GetUser\(c \*fiber\.Ctx\) error/,
    },
    wrongMethod: { method: 'DELETE', path: '/api/v1/users/1', offered: 'GET /api/v1/users/:id' },
  },
]);
