/**
 * `npm run seed:demo`: a believable demo on the configured database (same .env/DATA_DIR/DATABASE_URL
 * as the server), the prospectus of 2026 and 2027 included (seed-demo-prospectus.ts). Refuses to run when brands exist, so it never mixes demo rows into real data;
 * everything is written in one transaction, so a failed run leaves nothing behind and can be retried.
 */
import {
  CONTRACT_STATUSES,
  foldForSearch,
  generateNumericCnpj,
  PROSPECTUS_YEARS,
  type Role,
} from '@funil/shared';
import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { ConfigError } from '../config';
import { loadConfigFromEnvironment } from '../config-from-environment';
import { hashPassword } from '../lib/password';
import { DataDirInUseError } from './data-dir-lock';
import {
  DEMO_PROSPECTUS_YEARS,
  type DemoLead,
  demoProspectus,
  offeringsToInsert,
  OUTSIDE_PROSPECTUS_VERTICAL,
  placeHolders,
} from './seed-demo-prospectus';
import { withMigratedDatabase } from './with-migrated-database';
import {
  brands,
  contacts,
  franchises,
  leadFranchises,
  leadStatusChanges,
  notes,
  offerings,
  pipelineStatuses,
  tasks,
  leads,
  platforms,
  quotas,
  users,
  verticals,
} from './schema';

const DEMO_PASSWORD = 'Funil@2026';
const DEMO_USERS: { email: string; name: string; roles: Role[] }[] = [
  { email: 'admin@funil.demo', name: 'Administrador Demo', roles: ['admin'] },
  { email: 'comercial@funil.demo', name: 'Carla Comercial', roles: ['comercial'] },
  { email: 'gerente@funil.demo', name: 'Gustavo Gerente', roles: ['manager', 'comercial'] },
];

const VERTICALS = ['ESPORTE', 'MÚSICA', 'CULTURA', 'ENTRETENIMENTO', 'JORNALISMO', 'EDUCAÇÃO', 'GASTRONOMIA'];
const QUOTAS = ['MASTER', 'OURO', 'PRATA', 'BRONZE', 'APOIO'];
const PLATFORMS = ['TV ABERTA', 'TV FECHADA', 'DIGITAL', 'RÁDIO', 'EVENTOS', 'PODCAST'];

const BRANDS: [name: string, company: string, area: string, segmentation: string][] = [
  ['Sabor da Terra', 'Sabor da Terra Alimentos Ltda', 'Alimentos', 'Varejo alimentar'],
  ['Café Serra Azul', 'Torrefação Serra Azul S.A.', 'Bebidas', 'Cafés especiais'],
  ['Banco Horizonte', 'Horizonte Banco Múltiplo S.A.', 'Serviços financeiros', 'Banco de varejo'],
  ['Viva Farma', 'Viva Drogarias Ltda', 'Saúde', 'Farmácias'],
  ['Rota Sul Veículos', 'Rota Sul Comércio de Veículos Ltda', 'Automotivo', 'Concessionárias'],
  ['Casa Bella', 'Casa Bella Móveis e Decoração Ltda', 'Varejo', 'Casa e decoração'],
  ['Energia Verde', 'Energia Verde Geração S.A.', 'Energia', 'Renováveis'],
  ['TeleNorte', 'TeleNorte Telecomunicações S.A.', 'Telecom', 'Banda larga'],
  ['Pão Nosso', 'Panificadora Pão Nosso Ltda', 'Alimentos', 'Padarias'],
  ['Açaí Amazônia', 'Amazônia Polpas e Frutas Ltda', 'Alimentos', 'Bebidas naturais'],
  ['Moda Carioca', 'Moda Carioca Confecções Ltda', 'Moda', 'Vestuário'],
  ['Sertão Agro', 'Sertão Agronegócios S.A.', 'Agronegócio', 'Insumos agrícolas'],
  ['Clínica Bem Viver', 'Bem Viver Serviços Médicos Ltda', 'Saúde', 'Clínicas'],
  ['Escola Saber', 'Instituto Educacional Saber Ltda', 'Educação', 'Ensino básico'],
  ['Cervejaria Lagoa', 'Cervejaria Lagoa Dourada Ltda', 'Bebidas', 'Cervejas artesanais'],
  ['Construtora Alicerce', 'Alicerce Engenharia e Construções S.A.', 'Construção', 'Residencial'],
  ['Seguros Amparo', 'Amparo Seguradora S.A.', 'Serviços financeiros', 'Seguros'],
  ['Pet Feliz', 'Pet Feliz Comércio de Rações Ltda', 'Varejo', 'Pet shop'],
  ['Óticas Visão', 'Visão Comércio Óptico Ltda', 'Varejo', 'Óticas'],
  ['Supermercados Boa Compra', 'Boa Compra Supermercados Ltda', 'Varejo', 'Supermercados'],
  ['Natura Brasilis', 'Brasilis Cosméticos S.A.', 'Beleza', 'Cosméticos'],
  ['Transportes Veloz', 'Veloz Logística e Transportes Ltda', 'Logística', 'Cargas'],
  ['Hotel Maré Alta', 'Maré Alta Hotelaria Ltda', 'Turismo', 'Hotelaria'],
  ['Sorveteria Polar', 'Polar Sorvetes Ltda', 'Alimentos', 'Sobremesas'],
  ['Tech Cerrado', 'Cerrado Tecnologia da Informação Ltda', 'Tecnologia', 'Software'],
  ['Calçados Passo Firme', 'Passo Firme Indústria de Calçados S.A.', 'Moda', 'Calçados'],
  ['Posto Estrela', 'Estrela Combustíveis Ltda', 'Combustíveis', 'Postos'],
  ['Imobiliária Morada', 'Morada Negócios Imobiliários Ltda', 'Imobiliário', 'Locação e venda'],
  ['Laticínios Vale Verde', 'Vale Verde Laticínios S.A.', 'Alimentos', 'Laticínios'],
  ['Academia Movimento', 'Movimento Fitness Ltda', 'Bem-estar', 'Academias'],
];

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
];
const LAST_NAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
];
const POSITIONS = [
  'Gerente de Marketing',
  'Diretor Comercial',
  'Analista de Mídia',
  'Coordenadora de Marca',
  'CEO',
];
const ASSESSMENTS = ['Q1', 'Q2', 'Q3', 'Q4', 'JAN', 'MAR', 'JUN', 'SET', 'DEZ'];
const LOST_REASONS = [
  'Sem verba este ano',
  'Preço acima do orçamento',
  'Escolheu outro veículo',
  'Projeto adiado',
];

// A fixed-seed generator: every run produces the same demo, which makes screenshots and bug
// reports comparable.
let state = 20260601;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const slug = (text: string) => foldForSearch(text).replace(/[^a-z0-9]+/g, '');

const DEMO_NOTES = [
  'Reunião boa: pediram a proposta com contrapartidas de mídia.',
  'Diretora de marketing saiu de férias; retomar na volta.',
  'Querem exclusividade na categoria. Verificar com o jurídico.',
  'Orçamento do ano já comprometido; tentar verba incentivada (Lei Rouanet).',
  'Gostaram do formato digital, pediram números de audiência.',
];

const DEMO_TASKS = [
  'Enviar proposta revisada',
  'Ligar para confirmar a reunião',
  'Mandar números de audiência',
  'Cobrar retorno do jurídico',
  'Agendar apresentação com a diretoria',
];

async function main() {
  await withMigratedDatabase(loadConfigFromEnvironment(), async ({ db }) => {
    const [existing] = await db.select({ n: count() }).from(brands);
    if ((existing?.n ?? 0) > 0) {
      console.error(
        `The database already has ${existing?.n} brand(s); the demo seed only runs on an empty one.\n` +
          'Use a fresh DATA_DIR (or database) to try the demo.',
      );
      process.exitCode = 1;
      return;
    }

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const created: string[] = [];
    let offeringCount = 0;

    await db.transaction(async (tx) => {
      const catalogue = (names: string[]) =>
        names.map((name) => ({ name: slug(name).toUpperCase(), label: name.toUpperCase() }));
      // Catalogue names are unique: keep any that an administrator already created.
      await tx.insert(verticals).values(catalogue(VERTICALS)).onConflictDoNothing();
      await tx.insert(quotas).values(catalogue(QUOTAS)).onConflictDoNothing();
      await tx.insert(platforms).values(catalogue(PLATFORMS)).onConflictDoNothing();
      const idsByName = async (
        table: typeof verticals | typeof quotas | typeof platforms | typeof franchises,
      ) =>
        new Map(
          (await tx.select({ id: table.id, name: table.name }).from(table)).map((row) => [row.name, row.id]),
        );
      const ids = {
        vertical: await idsByName(verticals),
        quota: await idsByName(quotas),
        platform: await idsByName(platforms),
        franchise: await idsByName(franchises),
      };
      const verticalIds = [...ids.vertical.values()];
      const quotaIds = [...ids.quota.values()];
      const platformIds = [...ids.platform.values()];
      const franchiseIds = [...ids.franchise.values()];

      const inserted = await tx
        .insert(users)
        .values(DEMO_USERS.map((user) => ({ ...user, passwordHash })))
        .onConflictDoNothing({ target: users.email })
        .returning({ email: users.email });
      created.push(...inserted.map((row) => row.email));
      const demoUsers = await tx
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_USERS.map((user) => user.email),
          ),
        );
      const executives = demoUsers.filter((user) => user.roles.includes('comercial')).map((user) => user.id);
      const anyUser = demoUsers[0]?.id ?? null;

      const now = Date.now();
      const daysAgo = (days: number) => new Date(now - days * 86_400_000 - between(0, 86_399) * 1000);
      const brandRows = await tx
        .insert(brands)
        .values(
          BRANDS.map(([name, companyName, areaOfActivity, segmentation], index) => ({
            name,
            companyName,
            cnpj: generateNumericCnpj(),
            areaOfActivity,
            segmentation,
            responsible: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
            description: `${name}: marca de ${segmentation.toLowerCase()} com atuação nacional.`,
            status: index % 11 === 10 ? ('inactive' as const) : ('active' as const),
            createdAt: daysAgo(400 - index * 10),
          })),
        )
        .returning({ id: brands.id, name: brands.name });

      await tx.insert(contacts).values(
        brandRows.flatMap((brand) =>
          Array.from({ length: between(1, 4) }, (_, index) => {
            const firstName = pick(FIRST_NAMES);
            const lastName = pick(LAST_NAMES);
            return {
              brandId: brand.id,
              position: pick(POSITIONS),
              firstName,
              lastName,
              email: `${slug(firstName)}.${slug(lastName)}@${slug(brand.name)}.com.br`,
              phoneNumber: `${pick(['11', '21', '31', '41', '51', '61', '71', '81'])}9${between(1000_0000, 9999_9999)}`,
              flag: index === 0 ? ('principal' as const) : ('secundario' as const),
              status: index === 3 ? ('inactive' as const) : ('active' as const),
            };
          }),
        ),
      );

      // Earlier pipeline stages hold more opportunities, as in a real funnel.
      const weights = [70, 55, 45, 30, 25, 35, 25, 15];
      const statusFor = (index: number) => {
        let slot = index % weights.reduce((sum, weight) => sum + weight, 0);
        for (const [position, weight] of weights.entries()) {
          if (slot < weight) return CONTRACT_STATUSES[position]!;
          slot -= weight;
        }
        return CONTRACT_STATUSES[0];
      };
      // Each lead walked the funnel to where it is: won deals through every stage, lost ones
      // (declinado, cancelado) from wherever they stood, most with a reason. One entry per step,
      // spaced in time; the lead entered its status at its last step.
      const WON_PATH = ['frio', 'morno', 'quente', 'fechado', 'no_juridico', 'assinado'] as const;
      const pathTo = (status: (typeof CONTRACT_STATUSES)[number]) => {
        const won = WON_PATH.indexOf(status as (typeof WON_PATH)[number]);
        if (won >= 0) return WON_PATH.slice(0, won + 1);
        return [...WON_PATH.slice(0, between(1, 4)), status];
      };
      const outcomeOf = (last: { toStatus: string; at: Date; reason: string | null } | undefined) => ({
        wonAt: last?.toStatus === 'assinado' ? last.at : null,
        lostAt: last?.toStatus === 'declinado' || last?.toStatus === 'cancelado' ? last.at : null,
        lostReason: last?.reason ?? null,
      });
      const planned = Array.from({ length: 300 }, (_, index) => {
        const createdAt = daysAgo(between(1, 240));
        let at = createdAt.getTime();
        const steps = pathTo(statusFor(index)).map((toStatus, step, path) => {
          if (step > 0) at = Math.min(now, at + between(1, 20) * 86_400_000);
          const lost = toStatus === 'declinado' || toStatus === 'cancelado';
          return {
            fromStatus: step === 0 ? null : (path[step - 1] ?? null),
            toStatus,
            reason: lost && index % 4 !== 0 ? pick(LOST_REASONS) : null,
            at: new Date(at),
          };
        });
        return {
          values: {
            id: randomUUID(),
            brandId: pick(brandRows).id,
            assessment: `${pick(ASSESSMENTS)}/${pick(PROSPECTUS_YEARS)}`,
            verticalId: pick(verticalIds),
            quotaId: pick(quotaIds),
            platformId: pick(platformIds),
            prospectusYear: PROSPECTUS_YEARS[index % PROSPECTUS_YEARS.length]!,
            contractStatus: statusFor(index),
            executiveId: index % 9 === 0 ? null : pick(executives),
            credit: between(0, 60) * 5_000,
            invest: between(0, 40) * 2_500 + (index % 4) * 0.5,
            exchange: index % 7 === 0,
            rouanetLaw: index % 5 === 0,
            createdAt,
            updatedAt: createdAt,
            statusChangedAt: steps.at(-1)?.at ?? createdAt,
            // Its status is the path's only win or loss: won or lost at the last step.
            ...outcomeOf(steps.at(-1)),
          },
          steps,
        };
      });
      // The closed, legal and signed deals of 2026 and 2027 are what the prospectus has sold: they
      // are placed on its offerings (and their praças) before anything is written, so that the
      // offerings, inserted after them, start with exactly the stock the demo means.
      const holding = new Set(
        (
          await tx
            .select({ status: pipelineStatuses.contractStatus })
            .from(pipelineStatuses)
            .where(eq(pipelineStatuses.holdsQuota, true))
        ).map((row) => row.status as string),
      );
      const prospectus = demoProspectus(ids);
      const demoLeads: DemoLead[] = planned.map(({ values: lead }) => ({
        prospectusYear: lead.prospectusYear,
        contractStatus: lead.contractStatus,
        verticalId: lead.verticalId,
        platformId: lead.platformId,
        quotaId: lead.quotaId,
        franchiseIds: new Set(Array.from({ length: between(0, 3) }, () => pick(franchiseIds))),
      }));
      const outside = ids.vertical.get(slug(OUTSIDE_PROSPECTUS_VERTICAL).toUpperCase());
      if (outside === undefined) throw new Error('demo: the catalogue lost a vertical');
      placeHolders(demoLeads, prospectus, holding, outside, random);
      planned.forEach(({ values: lead }, index) => {
        const placed = demoLeads[index]!;
        Object.assign(lead, {
          verticalId: placed.verticalId,
          platformId: placed.platformId,
          quotaId: placed.quotaId,
        });
      });
      await tx.insert(leads).values(planned.map((lead) => lead.values));

      await tx
        .insert(leadFranchises)
        .values(
          planned.flatMap(({ values: lead }, index) =>
            [...demoLeads[index]!.franchiseIds].map((franchiseId) => ({ leadId: lead.id, franchiseId })),
          ),
        );
      await tx.insert(offerings).values(offeringsToInsert(prospectus, demoLeads, holding));
      offeringCount = prospectus.length;

      await tx.insert(leadStatusChanges).values(
        planned.flatMap(({ values: lead, steps }) =>
          steps.map((step) => ({
            leadId: lead.id,
            fromStatus: step.fromStatus,
            toStatus: step.toStatus,
            reason: step.reason,
            userId: lead.executiveId ?? anyUser,
            createdAt: step.at,
          })),
        ),
      );

      // What a team's pipeline carries: a note after a call on some deals, follow-ups due around
      // today (some late, some done). Tasks already late get no reminder: a fresh demo should not
      // start by mailing a backlog.
      const noted = planned.filter((_, index) => index % 5 === 0);
      await tx.insert(notes).values(
        noted.map(({ values: lead }) => ({
          leadId: lead.id,
          authorId: lead.executiveId ?? anyUser,
          body: pick(DEMO_NOTES),
          createdAt: new Date(Math.min(now, lead.createdAt.getTime() + between(1, 20) * 86_400_000)),
        })),
      );
      const followed = planned.filter((_, index) => index % 4 === 1);
      await tx.insert(tasks).values(
        followed.map(({ values: lead }, index) => {
          const dueAt = new Date(now + between(-5, 10) * 86_400_000 + between(9, 18) * 3_600_000);
          const done = index % 6 === 0;
          return {
            title: pick(DEMO_TASKS),
            dueAt,
            remindAt: done || dueAt.getTime() < now ? null : dueAt,
            assigneeId: lead.executiveId ?? anyUser,
            createdBy: lead.executiveId ?? anyUser,
            leadId: lead.id,
            done,
            doneAt: done ? new Date(Math.min(now, dueAt.getTime())) : null,
            doneBy: done ? (lead.executiveId ?? anyUser) : null,
          };
        }),
      );
    });

    console.log(
      `Demo ready: ${BRANDS.length} brands with contacts, 300 opportunities with notes and tasks, ` +
        `a prospectus of ${offeringCount} quotas for ${DEMO_PROSPECTUS_YEARS.join(' and ')}, catalogues and users.`,
    );
    console.log('Sign in with:');
    for (const user of DEMO_USERS) {
      const note = created.includes(user.email) ? '' : ' (already existed: password unchanged)';
      console.log(`  ${user.email.padEnd(24)} ${DEMO_PASSWORD}   roles: ${user.roles.join(', ')}${note}`);
    }
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
