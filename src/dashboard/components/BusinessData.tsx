import { formatDate } from '../format.js';
import { valueLabel } from '../labels.js';
import type { Outputs } from '../trpc.js';
import { Details } from './layout.js';
import { DateTime, StatusBadge } from './values.js';

type Business = Outputs['kyc']['getBusinessVerification'];

/** The saved KYB data, masked as the API shows it: the company, then each person with their roles. */
export function BusinessData({ v }: { v: Business }) {
  const c = v.company;
  const a = c.address;
  return (
    <>
      <Details
        label="Company"
        items={[
          ['Verification status', <StatusBadge key="s" status={v.status} />],
          ['Legal name', c.legalName],
          ['Trade name', c.tradeName],
          ['Business type', valueLabel(c.businessType)],
          ['Registration number', c.registrationNumber],
          ['Incorporated in', [c.stateOfIncorporation, c.countryOfIncorporation].filter(Boolean).join(', ')],
          ['Incorporation date', formatDate(c.incorporationDate)],
          ['Tax id', c.taxIdLast4 ? `•••• ${c.taxIdLast4}` : '(hidden)'],
          ['Registered address', [a.address1, a.address2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean).join(', ')],
          ['Website', c.website],
          ['Phone', c.phoneMasked],
          ['Saved', <DateTime key="sv" iso={v.savedAt} />],
          ['Sent to the provider', v.submittedAt ? <DateTime key="sb" iso={v.submittedAt} /> : 'not yet'],
        ]}
      />
      <h3>People</h3>
      <ul className="people" data-testid="business-people">
        {v.people.map((p) => (
          <li key={p.position}>
            <h4>
              Person {p.position}: {p.nameInitials}, {p.title}
            </h4>
            <Details
              label={`Person ${p.position}`}
              items={[
                ['Roles', p.roles.map((r) => (r === 'control' ? 'Control person (signs for the company)' : 'Owner')).join('; ')],
                p.ownershipPercent !== null ? ['Ownership', `${p.ownershipPercent}%`] : null,
                [
                  'Document',
                  `${valueLabel(p.document.idDocumentType)}${p.document.idNumberLast4 ? ` •••• ${p.document.idNumberLast4}` : ''}`,
                ],
                ['Lives in', `${p.address.city}, ${p.address.country}`],
                ['Phone', p.phoneMasked],
              ]}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
