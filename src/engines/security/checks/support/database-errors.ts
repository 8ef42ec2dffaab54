/**
 * What databases and their drivers say when a query they were given does not parse: text a
 * response carries only when a request value reached the SQL. Specific enough that a payload
 * echoed back (a lone quote) matches none.
 */
const DATABASE_ERRORS: readonly RegExp[] = [
  // MySQL and MariaDB
  /You have an error in your SQL syntax[^\n"]{0,120}/i,
  /check the manual that (?:corresponds to|fits) your (?:MySQL|MariaDB)[^\n"]{0,80}/i,
  /\bER_PARSE_ERROR\b/,
  /\bmysqli?_(?:fetch|query|num_rows)\w*\(\)/i,
  /com\.mysql\.(?:cj\.)?jdbc\.exceptions\.\w+/,
  // PostgreSQL
  /unterminated quoted (?:string|identifier) at or near[^\n"]{0,80}/i,
  /syntax error at or near[^\n"]{0,80}/i,
  /\bPG::\w+Error\b/,
  /\bpsql:[^\n]{0,80}ERROR/,
  /org\.postgresql\.util\.PSQLException/,
  /\bNpgsql\.PostgresException\b/,
  /\bpg_(?:query|exec)\(\): Query failed/i,
  // SQLite
  /\bSQLITE_ERROR\b[^\n"]{0,80}/,
  /\bSQLite3?::(?:SQL)?Exception\b/,
  /sqlite3\.OperationalError[^\n"]{0,80}/,
  /System\.Data\.SQLite\.SQLiteException/,
  /unrecognized token: "[^\n]{0,80}/,
  // Oracle
  /\bORA-\d{5}\b[^\n"]{0,80}/,
  /quoted string not properly terminated/i,
  // SQL Server
  /Unclosed quotation mark (?:after|before) the character string[^\n"]{0,80}/i,
  /Incorrect syntax near[^\n"]{0,80}/i,
  /\[Microsoft\]\[ODBC SQL Server Driver\]/,
  /System\.Data\.SqlClient\.SqlException/,
  /Microsoft\.Data\.SqlClient\.SqlException/,
  // Drivers and ORMs, whatever the database
  /SQLSTATE\[\w{5}\][^\n"]{0,80}/,
  /java\.sql\.SQLSyntaxErrorException/,
  /sqlalchemy\.exc\.(?:Programming|Operational)Error/,
  /\bSequelizeDatabaseError\b/,
  /\bQueryFailedError\b/,
  /\bPDOException\b[^\n"]{0,80}/,
];

/** The first database error in a response body, as it reads there. */
export function databaseErrorIn(body: string): string | undefined {
  for (const pattern of DATABASE_ERRORS) {
    const match = pattern.exec(body);
    if (match) return match[0];
  }
  return undefined;
}
