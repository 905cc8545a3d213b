import type { CompanyRecord } from '@funil/shared';

/** Whether a record's situação cadastral needs the salesperson's attention (anything but ATIVA). */
export const isInactiveCompany = (record: CompanyRecord) =>
  record.situacao_cadastral !== null && record.situacao_cadastral.toUpperCase() !== 'ATIVA';
