note('deferred-2 (first in the document)');
