import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A record as BrasilAPI's `GET /api/cnpj/v1/{cnpj}` answers it (minha-receita's format): CNAE
 * codes as integers that lost their leading zeros, capital as a float, partners with masked CPFs,
 * an empty secondary CNAE as {codigo: 0}.
 */
export function brasilApiRecord(
  cnpj: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    uf: 'SP',
    cep: '01310100',
    qsa: [
      {
        pais: null,
        nome_socio: 'MARIA DA SILVA',
        codigo_pais: null,
        faixa_etaria: 'Entre 41 a 50 anos',
        cnpj_cpf_do_socio: '***123456**',
        qualificacao_socio: 'Sócio-Administrador',
        codigo_faixa_etaria: 5,
        data_entrada_sociedade: '2010-05-04',
        identificador_de_socio: 2,
        cpf_representante_legal: '***000000**',
        nome_representante_legal: '',
        codigo_qualificacao_socio: 49,
      },
    ],
    cnpj,
    pais: null,
    email: 'CONTATO@SERRAAZUL.COM.BR',
    porte: 'DEMAIS',
    bairro: 'BELA VISTA',
    numero: '1000',
    ddd_fax: '',
    municipio: 'SAO PAULO',
    logradouro: 'PAULISTA',
    cnae_fiscal: 1081302,
    codigo_pais: null,
    complemento: 'ANDAR 5',
    codigo_porte: 5,
    razao_social: 'TORREFACAO SERRA AZUL S.A.',
    nome_fantasia: 'CAFE SERRA AZUL',
    capital_social: 1500000.5,
    ddd_telefone_1: '1133334444',
    ddd_telefone_2: '',
    opcao_pelo_mei: false,
    codigo_municipio: 7107,
    cnaes_secundarios: [
      { codigo: 4637102, descricao: 'Comércio atacadista de café torrado, moído e solúvel' },
      { codigo: 111301, descricao: 'Cultivo de arroz' },
    ],
    natureza_juridica: 'Sociedade Anônima Fechada',
    situacao_especial: '',
    opcao_pelo_simples: false,
    situacao_cadastral: 2,
    data_opcao_pelo_mei: null,
    data_exclusao_do_mei: null,
    cnae_fiscal_descricao: 'Torrefação e moagem de café',
    codigo_municipio_ibge: 3550308,
    data_inicio_atividade: '1998-03-12',
    data_situacao_especial: null,
    data_opcao_pelo_simples: null,
    data_situacao_cadastral: '2005-11-03',
    nome_cidade_no_exterior: '',
    codigo_natureza_juridica: 2054,
    data_exclusao_do_simples: null,
    motivo_situacao_cadastral: 0,
    ente_federativo_responsavel: '',
    identificador_matriz_filial: 1,
    qualificacao_do_responsavel: 10,
    descricao_situacao_cadastral: 'ATIVA',
    descricao_tipo_de_logradouro: 'AVENIDA',
    descricao_motivo_situacao_cadastral: 'SEM MOTIVO',
    descricao_identificador_matriz_filial: 'MATRIZ',
    ...overrides,
  };
}

export type MirrorBehaviour = 'normal' | 'failing' | 'not-json' | 'hanging';

/**
 * A local HTTP server speaking BrasilAPI's CNPJ protocol: `GET {url}/{cnpj}` answers the record
 * put in `records`, 404 with BrasilAPI's own error body otherwise. `behaviour` makes it fail (500),
 * answer HTML, or never answer. `requests` lists the CNPJs asked, to see what the cache saved.
 */
export async function startCnpjMirror() {
  const records = new Map<string, Record<string, unknown>>();
  const requests: string[] = [];
  let behaviour: MirrorBehaviour = 'normal';
  const server: Server = createServer((request, response) => {
    const cnpj = decodeURIComponent(request.url?.split('/').pop() ?? '');
    requests.push(cnpj);
    if (behaviour === 'hanging') return; // never answers; the client's timeout must end it
    if (behaviour === 'failing') {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"message":"erro interno do mirror"}');
      return;
    }
    if (behaviour === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>manutenção</html>');
      return;
    }
    const record = records.get(cnpj);
    if (!record) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          message: `CNPJ ${cnpj} não encontrado.`,
          type: 'not_found',
          name: 'NotFoundError',
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(record));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/cnpj/v1`,
    records,
    requests,
    setBehaviour: (next: MirrorBehaviour) => {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
