import { describe, expect, it } from 'vitest';
import { databaseErrorIn } from '../../../../../../src/capabilities/scan/engine/checks/support/injection.js';

describe('databaseErrorIn', () => {
  it.each([
    [
      'MySQL',
      `{"error":"ER_PARSE_ERROR: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near ''lamp''' at line 1"}`,
      'You have an error in your SQL syntax',
    ],
    ['MariaDB', 'check the manual that corresponds to your MariaDB server version for the right syntax', 'MariaDB'],
    ['PostgreSQL', 'error: unterminated quoted string at or near "\'lamp\'"', 'unterminated quoted string at or near'],
    ['Ruby on PostgreSQL', 'PG::SyntaxError: ERROR:  syntax error at or near "lamp"', 'syntax error at or near'],
    ['SQLite', '{"error":"SQLITE_ERROR: unrecognized token: \\"\'lamp\'\\""}', 'SQLITE_ERROR'],
    ['Python on SQLite', 'sqlite3.OperationalError: near "lamp": syntax error', 'sqlite3.OperationalError'],
    ['Oracle', 'ORA-01756: quoted string not properly terminated', 'ORA-01756'],
    ['SQL Server', "Unclosed quotation mark after the character string 'lamp'.", 'Unclosed quotation mark'],
    ['PDO', 'SQLSTATE[42000]: Syntax error or access violation: 1064', 'SQLSTATE[42000]'],
    ['Sequelize', '{"name":"SequelizeDatabaseError","message":"near \\"\'\\": syntax error"}', 'SequelizeDatabaseError'],
  ])('finds %s', (_name, body, expected) => {
    expect(databaseErrorIn(body)).toContain(expected);
  });

  it.each([
    ['a quote echoed back', `{"error":"no product named lamp'"}`],
    ['a JSON syntax error', '{"error":"SyntaxError: Unexpected token \' in JSON at position 1"}'],
    ['a validation error', '{"errors":[{"path":"/name","message":"must match pattern"}]}'],
    ['a list of products', '[{"name":"lamp","price":12}]'],
  ])('finds nothing in %s', (_name, body) => {
    expect(databaseErrorIn(body)).toBeUndefined();
  });
});
