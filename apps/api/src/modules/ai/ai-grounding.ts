import { type AiRegistry, isValidCnpj, normalizeCnpj } from '@funil/shared';
import { isAppError } from '../../lib/app-error';
import { findCnpj } from '../../lib/ai/find-cnpj';
import { type CompanyLookupOptions, lookupCompany } from '../companies/companies.service';
import { getLead } from '../leads/leads.service';

/**
 * What the registry says about `cnpj` (normalized), for the model and the stream's data part:
 * found, not registered (the mirror's 404), or unavailable (lookups off, the mirror failing,
 * anything else). Never throws: a failed lookup must not fail the answer.
 */
export async function registryFor(options: CompanyLookupOptions, cnpj: string): Promise<AiRegistry> {
  try {
    return { status: 'found', cnpj, record: await lookupCompany(options, cnpj) };
  } catch (error) {
    if (isAppError(error) && error.statusCode === 404) return { status: 'not_found', cnpj };
    if (!isAppError(error))
      options.log.warn({ err: error, cnpj }, 'registry lookup for the assistant failed');
    return { status: 'unavailable', cnpj };
  }
}

/**
 * The registry record a question is grounded on: the first valid CNPJ in the prompt, else the
 * CNPJ of `leadId`'s brand; null (and no lookup) when neither gives one. An unknown lead is the
 * leads' 404, whether or not the prompt names a CNPJ.
 */
export async function groundingFor(
  options: CompanyLookupOptions,
  question: { prompt: string; leadId?: string | undefined },
): Promise<AiRegistry | null> {
  const brandCnpj = question.leadId ? (await getLead(options.db, question.leadId)).brand_id.cnpj : null;
  const cnpj =
    findCnpj(question.prompt) ?? (brandCnpj && isValidCnpj(brandCnpj) ? normalizeCnpj(brandCnpj) : null);
  return cnpj ? registryFor(options, cnpj) : null;
}
