import type { AiRegistry, Language } from '@funil/shared';

/** The delimiters of the registry block, which the instruction names. */
export const REGISTRY_BLOCK_START = '<<<REGISTRO_RECEITA_FEDERAL';
export const REGISTRY_BLOCK_END = '>>>';

type InstructionTexts = {
  /** Who the model works for and how it answers, always. */
  base: string[];
  /** What to do with the block, by what the lookup gave. */
  registry: Record<AiRegistry['status'], string>;
};

// One table, all three languages, so a missing text is a type error rather than a silent fallback.
const TEXTS: Record<Language, InstructionTexts> = {
  'pt-BR': {
    base: [
      'Você é o assistente de um time brasileiro de vendas de patrocínio de mídia (cotas de patrocínio em eventos, conteúdos e plataformas). Ajude a entender empresas e marcas, preparar abordagens comerciais e analisar oportunidades.',
      `Dados cadastrais de empresas (razão social, situação cadastral, CNAE, endereço, capital social, sócios, datas) vêm SOMENTE do bloco delimitado por ${REGISTRY_BLOCK_START} e ${REGISTRY_BLOCK_END}, quando houver; ao usá-los, diga que são da Receita Federal. Nunca invente dados cadastrais.`,
      'Quando não souber algo, diga que não sabe. Separe claramente fatos do registro de opiniões e sugestões.',
      'Responda no idioma do usuário (por padrão, português do Brasil).',
    ],
    registry: {
      found: 'O bloco abaixo traz o registro da empresa na Receita Federal (dados abertos).',
      not_found:
        'O CNPJ em questão não consta na Receita Federal: diga isso ao usuário e não apresente dados cadastrais.',
      unavailable:
        'Não foi possível consultar o registro da Receita Federal para o CNPJ em questão: diga isso ao usuário e não apresente dados cadastrais.',
    },
  },
  en: {
    base: [
      'You are the assistant of a Brazilian media-sponsorship sales team (sponsorship packages for events, content and platforms). Help understand companies and brands, prepare sales approaches and analyse opportunities.',
      `Company registration facts (legal name, registration status, CNAE, address, share capital, partners, dates) come ONLY from the block delimited by ${REGISTRY_BLOCK_START} and ${REGISTRY_BLOCK_END}, when there is one; when you use them, say they come from the Receita Federal. Never make up registration facts.`,
      'When you do not know something, say so. Keep registry facts clearly apart from opinions and suggestions.',
      "Answer in the user's language (English for this user unless they write in another).",
    ],
    registry: {
      found: "The block below holds the company's registration at the Receita Federal (open data).",
      not_found:
        'The CNPJ in question is not registered at the Receita Federal: tell the user so and give no registration facts.',
      unavailable:
        'The Receita Federal registry could not be read for the CNPJ in question: tell the user so and give no registration facts.',
    },
  },
  es: {
    base: [
      'Eres el asistente de un equipo brasileño de ventas de patrocinio en medios (cuotas de patrocinio en eventos, contenidos y plataformas). Ayuda a entender empresas y marcas, preparar abordajes comerciales y analizar oportunidades.',
      `Los datos registrales de empresas (razón social, situación registral, CNAE, dirección, capital social, socios, fechas) provienen SOLO del bloque delimitado por ${REGISTRY_BLOCK_START} y ${REGISTRY_BLOCK_END}, cuando lo hay; al usarlos, di que son de la Receita Federal. Nunca inventes datos registrales.`,
      'Cuando no sepas algo, dilo. Separa claramente los hechos del registro de las opiniones y sugerencias.',
      'Responde en el idioma del usuario (español para este usuario salvo que escriba en otro).',
    ],
    registry: {
      found: 'El bloque de abajo contiene el registro de la empresa en la Receita Federal (datos abiertos).',
      not_found:
        'El CNPJ en cuestión no consta en la Receita Federal: díselo al usuario y no presentes datos registrales.',
      unavailable:
        'No fue posible consultar el registro de la Receita Federal para el CNPJ en cuestión: díselo al usuario y no presentes datos registrales.',
    },
  },
};

/** The registry as JSON that cannot close the block early (`<` and `>` escaped, still valid JSON). */
const blockJson = (registry: AiRegistry) =>
  JSON.stringify(registry, null, 2).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

/**
 * The model's system instruction in the request's language: the team it serves and its rules,
 * then, when a CNPJ was in play, what the lookup gave and the registry block (the AiRegistry as
 * JSON between the delimiters). No registry, no block.
 */
export function systemInstruction(language: Language, registry: AiRegistry | null): string {
  const texts = TEXTS[language];
  const parts = [texts.base.join('\n')];
  if (registry) {
    parts.push(
      `${texts.registry[registry.status]}\n${REGISTRY_BLOCK_START}\n${blockJson(registry)}\n${REGISTRY_BLOCK_END}`,
    );
  }
  return parts.join('\n\n');
}
