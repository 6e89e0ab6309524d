note('blocking external');
