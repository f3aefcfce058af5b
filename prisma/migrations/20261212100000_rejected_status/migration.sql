-- The provider's third outcome (issue 34): a rejected holder. `rejected` is terminal for the
-- account and the verification; an extension of SPEC's four account statuses.
ALTER TYPE "account_status" ADD VALUE 'rejected';
ALTER TYPE "verification_status" ADD VALUE 'rejected';
