note('deferred-1 (second in the document)');
