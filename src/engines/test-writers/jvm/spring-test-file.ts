import { endpointWords, pascalName } from '../endpoint.js';
import type { EndpointExample } from '../endpoint-example.js';
import { findInSource } from '../find-in-source.js';
import { projectPathExists } from '../read-code-file.js';
import { TestPlanError, type TestWriter } from '../test-plan.js';

const APPLICATION = /^package\s+([\w.]+)\s*;[\s\S]*@SpringBootApplication/m;

/** A JUnit 5 test with MockMvc against the whole application context, in the application's package. */
export const writeSpringTest: TestWriter = async ({ projectRoot, endpoint, example }) => {
  const application = await findInSource(projectRoot, 'src/main/java/**/*.java', APPLICATION, /\/test\//);
  if (!application) {
    const kotlin = await findInSource(projectRoot, 'src/main/kotlin/**/*.kt', /@SpringBootApplication/, /\/test\//);
    throw new TestPlanError(
      kotlin
        ? 'Kotlin Spring projects are not supported by create_test_file yet; write the test with write_file'
        : 'no @SpringBootApplication class found under src/main/java',
    );
  }
  const packageName = application.match[1] as string;
  const className = `${pascalName(endpointWords(endpoint))}Test`;
  const file = `src/test/java/${packageName.replaceAll('.', '/')}/${className}.java`;
  const sendsJson = example.requestBody !== undefined;
  const matchers = expectations(example);
  const staticImports = [
    `org.springframework.test.web.servlet.request.MockMvcRequestBuilders.${example.method.toLowerCase()}`,
    ...['content', 'jsonPath', 'status']
      .filter((name) => matchers.some((line) => line.startsWith(`${name}(`)))
      .map((name) => `org.springframework.test.web.servlet.result.MockMvcResultMatchers.${name}`),
  ];
  const imports = [
    'org.junit.jupiter.api.Test',
    'org.springframework.beans.factory.annotation.Autowired',
    'org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc',
    'org.springframework.boot.test.context.SpringBootTest',
    ...(sendsJson || matchers.some((line) => line.includes('MediaType')) ? ['org.springframework.http.MediaType'] : []),
    'org.springframework.test.web.servlet.MockMvc',
  ];
  const request = `${example.method.toLowerCase()}(${javaString(example.path)})${sendsJson ? `.contentType(MediaType.APPLICATION_JSON).content(${javaString(JSON.stringify(example.requestBody))})` : ''}`;
  const lines = [
    `package ${packageName};`,
    '',
    ...staticImports.sort().map((name) => `import static ${name};`),
    '',
    ...imports.sort().map((name) => `import ${name};`),
    '',
    '@SpringBootTest',
    '@AutoConfigureMockMvc',
    `class ${className} {`,
    '',
    '    @Autowired',
    '    private MockMvc mockMvc;',
    '',
    '    @Test',
    `    void answers${example.status}() throws Exception {`,
    `        mockMvc.perform(${request})`,
    ...matchers.map((line, i) => `            .andExpect(${line})${i === matchers.length - 1 ? ';' : ''}`),
    '    }',
    '}',
  ];
  const maven = await projectPathExists(projectRoot, 'pom.xml');
  return {
    path: file,
    content: `${lines.join('\n')}\n`,
    style: 'JUnit 5 + MockMvc (@SpringBootTest)',
    command: maven ? `./mvnw test -Dtest=${className}` : `./gradlew test --tests ${packageName}.${className}`,
    notes: [`in the package of ${application.path}`],
  };
};

function expectations(example: EndpointExample): string[] {
  const status = `status().is(${example.status})`;
  const body = example.body;
  if (body.kind === 'empty') return [status, 'content().string("")'];
  if (body.kind === 'json') return [status, 'content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON)'];
  if (body.kind === 'array') return [status, 'jsonPath("$").isArray()'];
  return [status, ...body.keys.map((key) => `jsonPath(${javaString(/^[A-Za-z_]\w*$/.test(key) ? `$.${key}` : `$['${key}']`)}).exists()`)];
}

function javaString(text: string): string {
  return JSON.stringify(text);
}
